"""The view and its terminal picture: what each seat sees, drawn from the view alone."""
import json

import pytest

from tests.core.medieval_mastery.helpers import G, do, start


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_render_shows_map_players_and_my_hand(players):
    st = G.setup(players, G.normalize_options({}), f"render-{players}")
    seat = st["active"]
    view = json.loads(json.dumps(G.view(st, seat)))  # render works from the JSON view only
    text = G.render(view, seat)
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "[C1:" in text and "~L1~" in text
    for t in view["territories"]:
        assert f"{t['slot']} {t['tile']}" in text and t["ability"] in text
    for p in view["seats"]:
        assert f"P{p['seat']} C{p['seat'] + 1}: {p['vp']} VP" in text and f"hand {p['hand']}" in text
        assert p["artefacts"][0]["name"] in text
    assert "Your hand: " + ", ".join(c["title"] for c in view["hand"]) in text
    spectator = G.render(json.loads(json.dumps(G.view(st, None))), None)
    assert "Your hand" not in spectator


def test_render_marks_owners_knights_and_destroyed_artefacts():
    st = start(2, board={"S10": [0, 4], "S01": [1, 2]}, castle=[6, 3], down=[[-1, -1, -1], [-1, 0, -1]],
               arts=[["Fury", "Rage", "Greed"], ["Insight", "Loyalty", "Devotion"]], active=0)
    text = G.render(G.view(st, 0), 0)
    assert "S10 P0x4" in text and "S01 P1x2" in text
    assert "Sceptre of Loyalty (destroyed)" in text and "Sceptre of Rage (destroyed)" not in text
    assert G.summary(G.view(st, 0), 0).splitlines()[0] == text.splitlines()[0]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_map_labels_are_the_notation(players):
    """The map picture labels each territory as moves name it (`S10`, not `10`), with the legend."""
    st = G.setup(players, G.normalize_options({}), f"labels-{players}")
    text = G.render(G.view(st, 0), 0)
    picture = text.split("Territories:")[0].splitlines()[2:]
    labels = [label for line in picture for label in line.split() if label[0].isdigit() or label[0] == "S"]
    assert sorted(labels) == sorted(t["slot"] for t in G.view(st, 0)["territories"])
    for label in labels:
        assert G.parse(st, 0, f"advance {label} 1")["to"] == label
    assert "Legend: S10 P1x6 " in text


def test_battle_and_choice_in_the_view():
    st = start(2, tiles={"S08": "Forest"}, board={"S10": [0, 1], "S08": [1, 2], "S01": [1, 1]}, castle=[4, 3],
               arts=[["Fury", "Rage", "Greed"], ["Insight", "Loyalty", "Devotion"]],
               hands=[["2", "3", "4", "5", "+1"], ["2", "3", "4", "5", "+1"]], active=0)
    st, _ = do(st, 0, "advance S08 4")
    text = G.render(G.view(st, 1), 1)
    assert "Battle for S08: {P0} attacks with 4 knights, strength 5; {P1} defends, strength 3." in text
    st, _ = do(st, 0, "conflict 5")
    assert G.view(st, 0)["battle"]["your_commit"] == "5" and "your_commit" not in G.view(st, None)["battle"]


def test_render_says_who_is_awaited_without_naming_a_fast_window_seat():
    st = start(3, board={"S13": [0, 1], "S12": [1, 2], "S09": [2, 1]}, castle=[4, 3, 3],
               hands=[["2", "3"], ["2", "3"], ["fracture", "2", "3", "4", "5"]], active=0)
    st, _ = do(st, 0, "advance S12 4")
    assert "waiting for the players concerned" in G.render(G.view(st, 0), 0)
    assert "waiting for P2" in G.render(G.view(st, 2), 2)
    st, _ = do(st, 2, "standing always-pass")
    assert "Now: conflict cards from P0 and P1" in G.render(G.view(st, 1), 1)
    assert "Your standing answer: always" in G.render(G.view(st, 2), 2)


def test_render_takes_the_protocols_keywords():
    """core.protocol.Game.render(view, seat): callers may name the arguments."""
    st = start(2, active=0)
    assert G.render(view=G.view(st, 0), seat=0) == G.render(G.view(st, 0), 0)
