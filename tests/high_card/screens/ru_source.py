"""Russian texts of High Card's screens, put into its own catalog (translations/ beside this file) by
scripts/web_catalogs.sh when COMPANION_GAMES names tests.high_card: a game kept outside the companion translates as a built-in one does."""

RU = {
    "High Card": "Старшая карта",
    # The house reading in its deck file (high.deck.json).
    "Ties": "Ничьи",
    "No two cards share a value, so a trick has one winner.": "Двух карт с одним значением нет, поэтому у взятки один победитель.",
    "The deck holds each value once.": "Каждое значение есть в колоде один раз.",
}
