"""The join QR code, drawn in the terminal (segno: pure Python, no images)."""

from __future__ import annotations


def terminal_qr(url: str) -> str:
    """The QR code of ``url`` as text: two rows per line with half blocks, dark on
    light, with its quiet zone, readable by a phone camera from the screen."""
    import segno

    code = segno.make(url, error="m", boost_error=False)
    matrix = [list(row) for row in code.matrix]
    border = 2
    size = len(matrix) + 2 * border

    def dark(r: int, c: int) -> bool:
        r, c = r - border, c - border
        return 0 <= r < len(matrix) and 0 <= c < len(matrix) and bool(matrix[r][c])

    lines = []
    for r in range(0, size, 2):
        line = []
        for c in range(size):
            top, bottom = dark(r, c), dark(r + 1, c) if r + 1 < size else False
            line.append(
                {(False, False): "█", (True, False): "▄", (False, True): "▀"}.get(
                    (top, bottom), " "
                )
            )
        lines.append("".join(line))
    return "\n".join(lines)
