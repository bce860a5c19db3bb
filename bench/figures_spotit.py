"""Spot it! figures: generate --order 31 (993 cards) and verify on it, in
process and as processes, plus the one-shot ``spotit verify`` process.

Process figures are ratios to the floor ``python -c "import click, yaml"``
measured in the same run. For the order-31 commands the target is "under 1 s":
the ratio's target is 1 s divided by that run's floor.

The referee package is byte-compiled first, as ``pip install`` does: with
PYTHONDONTWRITEBYTECODE set (as in some shells and CI images) every run would
otherwise compile the modules from source while click and yaml, the floor,
load their installed bytecode.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from common import PY, REFEREE, ROOT, Figure, in_process, interleaved, process_vs_floor

FLOOR = [PY, "-c", "import click, yaml"]
ORDER = 31
SMALL_DECK = str(ROOT / "examples" / "spotit" / "order-7.yaml")
SEVEN = str(ROOT / "examples" / "spotit" / "order-2.yaml")


def _symbols_file(folder: Path) -> str:
    """993 symbols for order 31 (the built-in set stops at 210)."""
    path = folder / "symbols.txt"
    shapes = ["circle", "square", "star", "heart", "moon", "drop", "ring", "cross", "hexagon"]
    names = [f"{shapes[i % 9]}-{i}/{('red', 'blue', 'green')[i % 3]}" for i in range(993)]
    path.write_text("\n".join(names) + "\n", encoding="utf-8")
    return str(path)


def process_under(
    name: str, argv: list[str], floor: list[str], limit_s: float, runs: int
) -> Figure:
    """Like :func:`common.process_vs_floor`, with the target "under ``limit_s``"
    expressed as a ratio to the floor measured in the same run."""
    ma, mf = interleaved(argv, floor, runs)
    return Figure(
        name,
        ma / mf,
        "x floor",
        limit_s / mf,
        f"{ma * 1000:.0f} ms vs floor {mf * 1000:.0f} ms (target: under {limit_s:g} s), {runs} runs",
    )


def fig_generate_31(runs: int) -> list[Figure]:
    from referee.core.files import dump_yaml
    from referee.spotit.planes import generate

    with tempfile.TemporaryDirectory() as tmp:
        symbols_path = _symbols_file(Path(tmp))
        symbols = Path(symbols_path).read_text(encoding="utf-8").split()

        def run() -> object:
            deck = generate(ORDER, symbols, seed="bench")
            return dump_yaml(deck.to_mapping())

        inside = in_process("spotit generate --order 31 (993 cards), in process", run, 1000.0, runs)
        inside.detail += ", shuffled and dumped as YAML"
        out = str(Path(tmp) / "deck.yaml")
        argv = [
            REFEREE, "spotit", "generate", "--order", str(ORDER), "--seed", "bench",
            "--symbols", symbols_path, "-o", out, "--force",
        ]  # fmt: skip
        _byte_compile()
        process = process_under(
            "spotit generate --order 31 process", argv, FLOOR, 1.0, max(5, runs // 3)
        )
    return [inside, process]


def fig_verify_31(runs: int) -> list[Figure]:
    from referee.spotit.planes import generate
    from referee.spotit.service import load_deck
    from referee.spotit.verify import verify

    with tempfile.TemporaryDirectory() as tmp:
        symbols_path = _symbols_file(Path(tmp))
        symbols = Path(symbols_path).read_text(encoding="utf-8").split()
        deck = generate(ORDER, symbols, seed="bench")
        from referee.core.files import dump_yaml

        path = Path(tmp) / "deck.yaml"
        path.write_text(dump_yaml(deck.to_mapping()), encoding="utf-8")
        loaded = load_deck(str(path))
        assert verify(loaded).valid

        def run() -> object:
            return verify(load_deck(str(path)))

        inside = in_process("spotit verify on 993 cards, in process", run, 1000.0, runs)
        inside.detail += f", YAML read included, {path.stat().st_size // 1024} KiB"
        argv = [REFEREE, "spotit", "verify", str(path)]
        _byte_compile()
        process = process_under("spotit verify on 993 cards process", argv, FLOOR, 1.0, runs)
    return [inside, process]


def _byte_compile() -> None:
    import compileall

    compileall.compile_dir(str(ROOT / "src" / "referee"), quiet=1)


def plane_size(order: int) -> int:
    return order * order + order + 1


def fig_verify_one_shot(runs: int) -> list[Figure]:
    _byte_compile()
    argv = [REFEREE, "spotit", "verify", SMALL_DECK]
    fig = process_vs_floor("spotit verify one-shot process (57 cards)", argv, FLOOR, 1.3, runs)
    return [fig]


def fig_verify_61(runs: int) -> list[Figure]:
    """verify on the 3,783 cards of order 61, in-process: time, and the peak of
    the memory it allocates (tracemalloc) above what the interpreter held."""
    import tracemalloc

    from referee.spotit.planes import generate
    from referee.spotit.verify import verify

    deck = generate(61, [f"s{i}" for i in range(plane_size(61))], seed="bench")
    report = verify(deck)
    assert report.valid and report.plane.kind == "complete"
    fig = in_process(
        "spotit verify order 61 (3,783 cards), in process", lambda: verify(deck), 150.0, runs
    )
    fig.detail += ", the deck already read"
    tracemalloc.start()
    verify(deck)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    mem = Figure(
        "spotit verify order 61, memory above the interpreter",
        peak / 2**20,
        "MiB",
        60.0,
        "peak allocated during verify (tracemalloc)",
    )
    return [fig, mem]


def fig_verify_31_vs_small(runs: int) -> list[Figure]:
    """verify of the 993-card deck as a process, against the same command on a
    7-card deck (its start-up floor) measured in the same run: the target is
    1.2 x that floor + 50 ms."""
    from referee.core.files import dump_yaml
    from referee.spotit.planes import generate

    with tempfile.TemporaryDirectory() as tmp:
        symbols_path = _symbols_file(Path(tmp))
        symbols = Path(symbols_path).read_text(encoding="utf-8").split()
        path = Path(tmp) / "deck.yaml"
        path.write_text(dump_yaml(generate(ORDER, symbols, seed="bench").to_mapping()))
        _byte_compile()
        pairs = max(runs, 21)
        ma, mf = interleaved(
            [REFEREE, "spotit", "verify", str(path)], [REFEREE, "spotit", "verify", SEVEN], pairs
        )
    limit = 1.2 * mf + 0.050
    return [
        Figure(
            "spotit verify order 31 (993 cards) process",
            ma * 1000,
            "ms",
            limit * 1000,
            f"verify of a 7-card deck {mf * 1000:.0f} ms in the same run; target 1.2 x that "
            f"+ 50 ms; {pairs} pairs",
        )
    ]


def fig_generate_97(runs: int) -> list[Figure]:
    """generate --order 97 is refused (its YAML would be over the 1 MiB verify
    reads) before any deck is built: the whole process, start to refusal."""
    import statistics
    import subprocess
    import time

    _byte_compile()
    argv = [REFEREE, "spotit", "generate", "--order", "97", "-o", "-"]
    times = []
    for _ in range(max(5, runs // 2)):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, check=False)
        times.append(time.perf_counter() - t0)
        assert proc.returncode == 2 and proc.stderr.startswith(b"Error:"), proc.stderr
    return [
        Figure(
            "spotit generate --order 97, process to the refusal",
            statistics.median(times) * 1000,
            "ms",
            200.0,
            f"median of {len(times)}, exit 2",
        )
    ]


FIGURES = {
    "spotit-verify-61": fig_verify_61,
    "spotit-verify-31-vs-small": fig_verify_31_vs_small,
    "spotit-generate-97": fig_generate_97,
    "spotit-generate-31": fig_generate_31,
    "spotit-verify-31": fig_verify_31,
    "spotit-verify": fig_verify_one_shot,
}
