"""The modules of Assets/generate.py, the bundled library's generator."""
