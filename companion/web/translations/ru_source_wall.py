"""Russian texts for the wall screen's switch (templates/base.html, ?wall=1)."""

RU = {
    "High contrast": "Высокий контраст",
    "Normal contrast": "Обычный контраст",
}
