"""The balance lab as a page (`hothsim balance --html OUT`): one self-contained HTML file with inline SVG
charts, written by pure functions as the report's maps are (`hothsim.report.svg`): CSS classes for
everything drawn, fixed-precision numbers, the same findings always the same bytes.

Two charts: each side's share of the wins with its 95% interval (one row per side, and per set of rules
where the lab compared two), and how long the games lasted (a bar per round or turn, split by who won).
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Mapping, Sequence

from hothsim.balance import Outcome, summary, wilson
from hothsim.report.svg import document, element, title

#: The chart's left margin (the row labels), its plotting width and a row's height, in pixels.
LABEL_WIDTH, PLOT_WIDTH, ROW_HEIGHT = 190.0, 420.0, 26.0

STYLE = """
body{font:15px/1.45 Georgia,serif;max-width:50em;margin:2em auto;padding:0 1em;color:#222;background:#fff}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #bbb}.lede{color:#555}
pre{font:13px/1.35 Menlo,Consolas,monospace;background:#f6f6f4;padding:.6em;border:1px solid #ddd;white-space:pre-wrap}
figure{margin:1em 0}figcaption{font-style:italic;color:#444;margin-top:.3em}svg.chart{max-width:100%;height:auto}
svg .axis{stroke:#999;stroke-width:1}svg .tick{font:11px sans-serif;fill:#555;text-anchor:middle}
svg .tick.start{text-anchor:start}
svg .half{stroke:#555;stroke-width:1;stroke-dasharray:4 3}svg .row-label{font:12px sans-serif;fill:#222;text-anchor:end}
svg .share{opacity:.85}svg .rebel{fill:#2f6fd0}svg .imperial{fill:#c0392b}svg .draw{fill:#999}
svg .interval{stroke:#111;stroke-width:1.5}svg .value{font:11px sans-serif;fill:#111}
@media print{body{max-width:none;margin:0}figure,svg{break-inside:avoid}}
"""


def share_chart(labs: Mapping[str, Sequence[Outcome]]) -> str:
    """Each side's share of the wins as a bar from 0 to 100%, with its 95% Wilson interval as a whisker, a
    row per side and set of rules (`labs`: the rules' name, "" for the shipped ones alone, to its games)."""
    rows = [(name, side, outcomes) for name, outcomes in labs.items() for side in ("rebel", "imperial")]
    height = ROW_HEIGHT * len(rows) + 40
    body = [_axis(height - 30)]
    for i, (name, side, outcomes) in enumerate(rows):
        n = len(outcomes)
        wins = sum(o.winner == side for o in outcomes)
        low, high = wilson(wins, n)
        y = 10 + i * ROW_HEIGHT
        label = f"{side.capitalize()}" + (f", {name}" if name else "")
        said = f"{label}: {_pct(wins / n)} ({_pct(low)} to {_pct(high)}), {wins} of {n}"
        body.append(element("g", title(said)
                            + element("text", escape(label), class_="row-label", x=LABEL_WIDTH - 8, y=y + 15.0)
                            + element("rect", class_=f"share {side}", x=LABEL_WIDTH, y=y + 4.0,
                                      width=_x(wins / n) - LABEL_WIDTH, height=ROW_HEIGHT - 10)
                            + element("line", class_="interval", x1=_x(low), x2=_x(high), y1=y + 12.0,
                                      y2=y + 12.0)
                            + element("text", f"{_pct(wins / n)}", class_="value", x=_x(high) + 6, y=y + 16.0),
                            class_="row"))
    return document(LABEL_WIDTH + PLOT_WIDTH + 40, height, "Each side's share of the wins, with its 95% interval",
                    [], body, class_="chart shares")


def length_chart(outcomes: Sequence[Outcome]) -> str:
    """How long the games lasted: a bar per round (or turn) the games ended in, its height the games that
    ended there, split by who won them (Rebels, Empire, drawn)."""
    word = outcomes[0].chapter_word if outcomes else "round"
    ended = Counter((o.chapter, o.winner or "draw") for o in outcomes)
    chapters = sorted({o.chapter for o in outcomes})
    first, last = (chapters[0], chapters[-1]) if chapters else (1, 1)
    tallest = max((sum(ended[(c, w)] for w in ("rebel", "imperial", "draw")) for c in chapters), default=1)
    span = last - first + 1
    slot = PLOT_WIDTH / span
    floor, top = 170.0, 20.0
    body = [element("line", class_="axis", x1=40.0, x2=40 + PLOT_WIDTH, y1=floor, y2=floor)]
    for c in range(first, last + 1):
        x = 40 + (c - first) * slot
        stacked = 0
        for who in ("rebel", "imperial", "draw"):
            games = ended[(c, who)]
            if not games:
                continue
            h = (floor - top) * games / tallest
            y = floor - (floor - top) * stacked / tallest - h
            body.append(element("rect", title(f"{word} {c}: {games} won by the {who}" if who != "draw"
                                              else f"{word} {c}: {games} drawn"),
                                class_=who, x=x + 1, y=y, width=max(1.0, slot - 2), height=h))
            stacked += games
        if span <= 20 or (c - first) % max(1, span // 10) == 0:
            body.append(element("text", str(c), class_="tick", x=x + slot / 2, y=floor + 14))
    body.append(element("text", f"games ({tallest} at the most)", class_="tick start", x=40.0, y=12.0))
    body.append(element("text", f"the {word} the game ended in", class_="tick", x=40 + PLOT_WIDTH / 2, y=floor + 30))
    return document(PLOT_WIDTH + 60, floor + 40, f"How many {word}s the games lasted, by who won", [], body,
                    class_="chart lengths")


def page(scenario: str, heading: str, labs: Mapping[str, Sequence[Outcome]], verdict: str, version: str) -> str:
    """The lab's page: what was played, the findings in words (as printed), the two charts."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(scenario)}: balance</title>", f"<style>{STYLE}</style></head><body>",
           f"<h1>Balance of {escape(scenario)}</h1>",
           f'<p class="lede">{escape(heading)}. Measured by hothsim {escape(version)}.</p>',
           "<h2>Shares of the wins</h2>",
           f"<figure>{share_chart(labs)}<figcaption>Each bar is a side's share of the games; the line across it "
           "is its 95% interval (Wilson's): the share the games are consistent with. The dashed line is 50%."
           "</figcaption></figure>"]
    if verdict:
        out.append(f"<p>Compared: {escape(verdict)}</p>")
    for name, outcomes in labs.items():
        out.append(f"<h2>{escape(name.capitalize() or 'The games')}</h2>")
        out.append(f"<figure>{length_chart(outcomes)}<figcaption>When the games ended, and who won them: "
                   "blue the Rebels, red the Empire, grey a draw.</figcaption></figure>")
        out.append("<pre>" + escape("\n".join(summary(outcomes))) + "</pre>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _axis(bottom: float) -> str:
    """The shares' axis: 0 to 100% under the bars, ticks every 25%, a dashed line at 50%."""
    ticks = "".join(element("text", f"{p}%", class_="tick", x=_x(p / 100), y=bottom + 16) for p in (0, 25, 50, 75, 100))
    return (element("line", class_="axis", x1=LABEL_WIDTH, x2=LABEL_WIDTH + PLOT_WIDTH, y1=bottom, y2=bottom)
            + element("line", class_="half", x1=_x(0.5), x2=_x(0.5), y1=4.0, y2=bottom) + ticks)


def _x(share: float) -> float:
    """Where a share lies on the shares' axis."""
    return LABEL_WIDTH + PLOT_WIDTH * share


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"
