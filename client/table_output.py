"""Text for the commands around a game (preview, chat, ratings, ...): formatters return
strings and never print, like client.output."""
from __future__ import annotations

from client.output import event_text


def previewed(answer: dict) -> str:
    """A dry run: the move, and either its outcome as my seat would see it or why not."""
    lines = [f"Dry run: {answer.get('text')} is legal at move {answer.get('seq')} (nothing was played)."]
    if not answer.get("shown"):
        lines.append(answer.get("note") or "Its outcome is shown only when you play it.")
        return "\n".join(lines)
    lines += [f"  {event_text(e)}" for e in answer.get("events") or []]
    if answer.get("result"):
        winners = ", ".join(answer["result"].get("winner_names") or []) or "nobody"
        lines.append(f"The game would end: {winners} ({answer['result'].get('reason')}).")
    if answer.get("picture"):
        lines += ["", answer["picture"]]
    asked = [f"seat {p['seat']}: {p['text']}" for p in answer.get("prompted") or []]
    if asked:
        lines += ["", "Then asked: " + "; ".join(asked)]
    return "\n".join(lines)
