"""Hungarian's definite article by the word that follows (core/hungarian.py): the catalogs write
"a(z)", and the filled-in sentence says "a" or "az" as a Hungarian reads the word aloud."""
import pytest

from core.hungarian import articles


@pytest.mark.parametrize("written,read", [
    ("tiéd a(z) 0. hely a(z) 1. játszmában", "tiéd a 0. hely az 1. játszmában"),  # nulla, egy
    ("5 kard a(z) 4 pajzs ellen", "5 kard a 4 pajzs ellen"),  # négy
    ("A(z) 5. lépés", "Az 5. lépés"),  # öt, and the capital kept
    ("a(z) 10., a(z) 50., a(z) 100., a(z) 500. és a(z) 1000. lépés", "a 10., az 50., a 100., az 500. és az 1000. lépés"),
    ("A(z) Éjszaka lapod alatt", "Az Éjszaka lapod alatt"),
    ("a(z) Katona", "a Katona"),
    ("a(z) V54 lap, a(z) L1 mező, a(z) SMS", "a V54 lap, az L1 mező, az SMS"),  # vé, el, es: letter by letter
    ("a(z) 'Éva' és a(z) <b>Ádám</b>", "az 'Éva' és az <b>Ádám</b>"),
])
def test_the_article_is_the_one_the_next_word_takes(written, read):
    assert articles(written) == read


def test_an_unfilled_slot_keeps_both_until_it_is_filled():
    assert articles("a(z) {P0} helye, a(z) %(name)s") == "a(z) {P0} helye, a(z) %(name)s"
    assert articles("Nincs a(z) ") == "Nincs a(z) "
    assert articles("an English sentence (z) stays") == "an English sentence (z) stays"
