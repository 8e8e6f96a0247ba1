"""Command-line options shared by every command, declared once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

Games = Annotated[Optional[int], typer.Option("--games", "-n", min=1, help="Games per variant (overrides the file).")]
Seed = Annotated[Optional[int], typer.Option("--seed", min=0, help="Batch seed (overrides the file).")]
Workers = Annotated[int, typer.Option("--workers", "-w", min=1, help="Worker processes.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
Png = Annotated[bool, typer.Option("--png", help="Also write every chart as PNG and SVG.")]
ReportsRoot = Annotated[Path, typer.Option("--reports", help="Folder for HTML reports.")]
Fresh = Annotated[bool, typer.Option("--fresh", help="Play every game again, ignoring cached results.")]
Cluster = Annotated[Optional[str], typer.Option(
    "--cluster", metavar="ADDRESS", help="Dask scheduler address (tcp://host:8786); needs designlab[cluster].")]
Precision = Annotated[Optional[float], typer.Option(
    "--precision", min=0.0001, max=0.4999,
    help="Add games to each variant until every seat's win rate is known to +/- this (95%).")]
VariantName = Annotated[Optional[str], typer.Option(
    "--variant", help="Which variant of the file: a sweep point's name, or the base of a file that extends one.")]
MaxGames = Annotated[Optional[int], typer.Option("--max-games", min=1, help="Cap per variant under --precision (default 100,000).")]

DEFAULT_WORKERS = max(1, os.cpu_count() or 1)
