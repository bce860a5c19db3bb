"""Word Block: letter cards in a grid, blocks, and claims of words walked from them."""
