"""Russian texts for the seal footer (companion/web/seal.py, templates/base.html)."""

RU = {
    "Seal": "Печать",
    "Final seal": "Итоговая печать",
    "Seals this device saw": "Печати, которые видело это устройство",
    "Note a seal now and then: after the game, %(cmd)s proves the record was not rewritten before it.":
        "Время от времени записывайте печать: после игры %(cmd)s докажет, что запись до неё не переписывали.",
}
