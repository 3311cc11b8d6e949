"""Text for the commands around a game (preview, chat, ratings, ...): formatters return
strings and never print, like client.output."""
from __future__ import annotations

import re

from client.clock_output import readable_time
from client.output import event_text, log_lines


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


def chat_line(message: dict) -> str:
    if message.get("kind") == "table":
        return f"-- {message.get('text')}"
    to = f" (to seats {', '.join(map(str, message['to']))})" if message.get("to") else ""
    return f"{message.get('name')}{to}: {message.get('text')}"


def chat_lines(messages: list[dict]) -> str:
    if not messages:
        return "No messages yet. Say something with `herald say GAME \"...\"`."
    return "\n".join(f"{m['created'][:16].replace('T', ' ')}  {chat_line(m)}" for m in messages)


def log_with_chat(moves: list[dict], messages: list[dict], game: dict) -> str:
    """The log, with each message placed after the move it followed (`  >> name: text`)."""
    said: dict[int, list[dict]] = {}
    for message in messages:
        said.setdefault(message["version"], []).append(message)
    first = moves[0]["seq"] if moves else game.get("version", 0)
    lines = [f"   >> {chat_line(m)}" for v in sorted(said) if v <= first for m in said[v]]
    for entry in moves:
        text = log_lines([entry], game)
        if text:
            lines.append(text)
        lines += [f"   >> {chat_line(m)}" for m in said.get(entry["seq"] + 1, []) if entry["seq"] + 1 > first]
    return "\n".join(lines)


def named(text: str, names: dict[int, str]) -> str:
    """Player names in place of the engines' {P0}..{P5} slots (as the server writes them)."""
    return re.sub(r"\{P(\d+)\}", lambda m: names.get(int(m.group(1)), m.group(0)), text)


def vacation_status(status: dict) -> str:
    until = status.get("until_text") or readable_time(status.get("until"))  # until_text: in my zone
    away = f"On vacation until {until}." if status.get("on_vacation") else "Not on vacation."
    return f"{away} Vacation days this year: {status['used']} used, {status['left']} of {status['allowance']} left."


def undo_request(request: dict | None) -> str:
    if not request:
        return "No undo proposal in this game."
    line = f"Undo of move {request['seq']} (proposed by seat {request['seat']}): {request['status']}"
    if request["status"] == "open" and request.get("waiting_for"):
        line += f"; waiting for seat(s) {', '.join(map(str, request['waiting_for']))}"
    if request["status"] == "accepted":
        line += "; the move is taken back"
    return line + "."


def ratings_table(table: dict) -> str:
    rows = table.get("ratings") or []
    if not rows:
        return f"No rated {table.get('ruleset')} game has ended yet."
    lines = [f"{'#':>3}  {'player':<20} {'rating':>7} {'games':>6}"]
    lines += [f"{r['rank']:>3}  {r['name']:<20} {r['rating']:>7.1f} {r['games']:>6}" for r in rows]
    return "\n".join(lines)


def webhook_lines(hooks: list[dict]) -> str:
    if not hooks:
        return "No webhooks. Add one with `herald webhook add URL`."
    return "\n".join(f"{h['id']}  {h['format']:<8} {'game ' + str(h['game']) if h['game'] else 'all my games':<14} {h['url']}"
                     for h in hooks)


def handed_over(answer: dict) -> str:
    if answer.get("invited"):
        return (f"Invited {answer['invited']} to take over seat {answer['seat']} of game {answer['game']}: "
                "the seat stays yours until they join with the code in their mail.")
    return f"Seat {answer['seat']} of game {answer['game']} now belongs to {answer['player']}."
