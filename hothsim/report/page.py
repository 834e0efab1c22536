"""The after-action report as a page: one self-contained HTML file (inline SVG and CSS, no network, no
other file; it prints well), or forum-ready text (a fixed-width map a chapter in a code block).  Pure:
`html(story, maps)` and `text(story, maps)` return strings; the command line writes them.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from hothsim.report import Luck, Moment, Story
from hothsim.kernel.words import count

STYLE = """
body{font:15px/1.45 Georgia,serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222;background:#fff}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:2em;border-bottom:1px solid #bbb}
.lede{color:#555}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
figure{margin:1em 0}figcaption{font-style:italic;color:#444;margin-top:.3em}
pre{font:12px/1.35 Menlo,Consolas,monospace;white-space:pre-wrap;background:#f6f6f4;padding:.6em;border:1px solid #ddd}
details pre{max-height:30em;overflow:auto}.moment{color:#803}
svg.map{width:100%;max-width:56em;height:auto;background:#fff}
ul.legend{list-style:none;padding:0;columns:2 22em}ul.legend li{margin:.15em 0}svg.swatch{vertical-align:middle;margin-right:.4em}
svg .hexno{font:3.4px sans-serif;fill:#889;text-anchor:middle}svg .place{font:bold 6px sans-serif;fill:#6b5212;text-anchor:middle;stroke:#fff;stroke-width:1.5;paint-order:stroke}
svg .zone{fill:none;stroke-width:1.2}svg .zone.forward-line{stroke:#c0392b;stroke-dasharray:2 1}
svg .zone.imperial-reinforcement{stroke:#7f8c8d}svg .zone.rebel-sector-3{stroke:#2e86c1}svg .zone.rebel-sector-4{stroke:#28a745}
svg .zone-name{font:bold 7px sans-serif;text-anchor:middle;fill:#222;stroke:#fff;stroke-width:2;paint-order:stroke}
svg .label{font:9px sans-serif;fill:#666;text-anchor:middle}svg .label.row{text-anchor:end}
svg .ground{fill:#f4f6f8}svg .gridline{fill:none;stroke:#dde3e8;stroke-width:.5}
svg .t-low-objects{fill:#c9b48a}svg .t-difficult{fill:#b9d3e6}svg .t-trench{fill:#9aa7b3}
svg .t-pit{fill:#444}svg .t-solid{fill:#666}
svg .wall{stroke:#222;stroke-width:2.5;stroke-linecap:square}svg .door{stroke-width:3}
svg .door.closed{stroke:#a33}svg .door.open{stroke:#3a3;stroke-dasharray:2 2}
svg .h-clear{stroke:#cfd8df;stroke-width:.5}svg .m0{fill:#f7f9fb}svg .m1{fill:#eef2f6}svg .m2{fill:#e4eaf0}
svg .h-rough{fill:#c8d7c0;stroke:#b3c2ab;stroke-width:.5}svg .h-cliff{fill:#777;stroke:#666;stroke-width:.5}
svg .installation use,svg .installation path{fill:#e2b33c;stroke:#6b5212}svg .installation.down use,svg .installation.down path{fill:#999}
svg .figure circle,svg .unit circle{stroke:#111;stroke-width:1}
svg .rebel circle{fill:#d8e7ff}svg .imperial circle{fill:#ffd9d6}
svg .figure text,svg .unit text{font:bold 7px sans-serif;text-anchor:middle;fill:#111}
svg .facing{stroke:#111;stroke-width:1.6}
svg .move{fill:none;stroke-width:1.6;opacity:.85}svg .move.rebel{stroke:#1d5fbf}svg .move.imperial{stroke:#b8261b}
svg .head{fill:#333}svg .shot{stroke-width:1.4}svg .shot.rebel{stroke:#1d5fbf}svg .shot.imperial{stroke:#b8261b}
svg .shot.miss{stroke-dasharray:3 2;opacity:.7}svg .fallen{stroke:#000;stroke-width:2;fill:none}
@media print{body{max-width:none;margin:0}figure,svg{break-inside:avoid}details pre{max-height:none}}
"""


def html(story: Story, version: str) -> str:
    """The report as one HTML page."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(story.scenario)}: after-action report</title>", f"<style>{STYLE}</style></head><body>",
           f"<h1>{escape(story.scenario)}</h1>",
           f'<p class="lede">{escape(story.game_title)}, scenario <code>{escape(story.scenario_id)}</code>; '
           f"{escape(story.players)}. Result: <strong>{escape(_result(story))}</strong>. "
           f"Reported by hothsim {escape(version)}.</p>",
           "<h2>Forces</h2><ul>" + "".join(f"<li>{escape(line)}</li>" for line in story.forces) + "</ul>"]
    if story.secrets:
        out.append("<h2>Hidden information</h2><ul>" + "".join(f"<li>{escape(s)}</li>" for s in story.secrets)
                   + "</ul>")
    if story.legend:
        out.append("<h2>Reading the maps</h2><ul class=\"legend\">" + "".join(
            f"<li>{sample}{escape(words)}</li>" for sample, words in story.legend) + "</ul>")
    out.append("<h2>Dice luck</h2>" + _luck_table(story))
    if story.moments:
        out.append("<h2>Key moments</h2><ul>" + "".join(f'<li class="moment">{escape(_moment(m))}</li>'
                                                         for m in story.moments) + "</ul>")
    for ch, svg in zip(story.chapters, story.svg):
        out.append(f'<h2 id="chapter-{ch.key}">{escape(ch.title)}</h2>')
        out.append(f"<figure>{svg}<figcaption>{escape(ch.caption)}</figcaption></figure>")
        out.append(f"<details><summary>{escape(ch.title)}: what happened ({ch.last - ch.first + 1} decisions)"
                   f"</summary><pre>{escape(chr(10).join(ch.lines))}</pre></details>")
    out.append("<h2>The record</h2><p>The game's own record: save it as a file ending <code>.hothsim</code> and "
               "run <code>hothsim validate FILE</code> to check every roll, or <code>hothsim replay FILE</code> "
               "to step through it.</p>")
    out.append(f'<pre id="record">{escape(story.record)}</pre>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def text(story: Story, maps: Sequence[Sequence[str]]) -> str:
    """The report as forum text: the summary, then each chapter's map (fixed width, in a code block) and its
    lines; `<` written `&lt;` (forums strip what looks like a tag)."""
    out = [f"{story.scenario}: after-action report", "",
           f"{story.game_title}, scenario {story.scenario_id}; {story.players}.", f"Result: {_result(story)}.", "",
           "Forces:"] + [f"- {line}" for line in story.forces]
    if story.secrets:
        out += ["", "Hidden information:"] + [f"- {s}" for s in story.secrets]
    out += ["", "Dice luck:"] + [f"- {_luck_line(luck)}" for luck in story.luck]
    if story.moments:
        out += ["", "Key moments:"] + [f"- {_moment(m)}" for m in story.moments]
    for ch, lines in zip(story.chapters, maps):
        out += ["", f"{ch.title}", ch.caption, "```", *lines, "```", *ch.lines]
    out += ["", "The record (save as a .hothsim file; hothsim validate checks it):", "```", story.record.rstrip("\n"),
            "```"]
    return "\n".join(out).replace("<", "&lt;") + "\n"


def _result(story: Story) -> str:
    return story.result if story.finished else "the game is not finished"


def _moment(m: Moment) -> str:
    # A chapter's losses name their own entries.
    return m.text if m.kind == "kill" else f"Entry {m.entry}: {m.text}"


def _luck_line(luck: Luck) -> str:
    side = luck.side.capitalize()
    if not luck.shots:
        return f"{side}: no shots rolled"
    diff = luck.hits - luck.expected
    lean = "luckier than the odds" if diff > 0.5 else ("unluckier than the odds" if diff < -0.5 else "as the odds said")
    return f"{side}: {count(luck.shots, 'shot')}, {luck.expected:.1f} hits expected, {luck.hits} rolled ({lean})"


def _luck_table(story: Story) -> str:
    rows = "".join(f"<tr><td>{escape(luck.side.capitalize())}</td><td>{luck.shots}</td><td>{luck.expected:.1f}</td>"
                   f"<td>{luck.hits}</td></tr>" for luck in story.luck)
    return ("<table><tr><th>side</th><th>shots</th><th>hits expected from the odds</th><th>hits rolled</th></tr>"
            f"{rows}</table><p>" + escape(" ".join(_luck_line(luck) + "." for luck in story.luck)) + "</p>")
