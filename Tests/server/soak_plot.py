#!/usr/bin/env python3
"""Plots a soak's samples (scripts/soak --samples FILE.csv): the server's resident memory,
and the requests per second between two samples, against the checkouts done. Written for
docs/SERVER.md; Debian's python3-matplotlib (scripts/soak --plot installs it)."""
import argparse
import csv

import matplotlib

matplotlib.use("Agg")  # no display: a file only
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

REQUESTS_PER_CHECKOUT = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("samples", help="the CSV of scripts/soak --samples")
    parser.add_argument("png", help="the picture to write")
    arguments = parser.parse_args()
    with open(arguments.samples) as file:
        rows = [(int(r["checkouts"]), float(r["seconds"]), int(r["rss_kib"])) for r in csv.DictReader(file)]
    checkouts = [c for c, _, _ in rows]
    memory_mib = [r / 1024 for _, _, r in rows]
    rate_points = [
        (c1, (c1 - c0) * REQUESTS_PER_CHECKOUT / (s1 - s0))
        for (c0, s0, _), (c1, s1, _) in zip(rows, rows[1:])
        if s1 > s0 and c1 > c0
    ]
    figure, memory_axis = plt.subplots(figsize=(9, 4.5), dpi=100)
    memory_axis.plot(checkouts, memory_mib, color="tab:blue", label="resident memory (MiB)")
    memory_axis.set_xlabel("checkouts done")
    memory_axis.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
    memory_axis.set_ylabel("resident memory (MiB)", color="tab:blue")
    memory_axis.set_ylim(bottom=0)
    rate_axis = memory_axis.twinx()
    rate_axis.plot([c for c, _ in rate_points], [r for _, r in rate_points], color="tab:orange", linewidth=0.8)
    rate_axis.set_ylabel("requests per second", color="tab:orange")
    rate_axis.set_ylim(bottom=0)
    memory_axis.set_title(f"render-cli serve soak: {checkouts[-1]:,} checkouts")
    figure.tight_layout()
    figure.savefig(arguments.png)


if __name__ == "__main__":
    main()
