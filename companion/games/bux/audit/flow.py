"""Where each player's chips came from and went, move by move: BUX's money flow (the audit's book for BUX).

Works from the record lines and the states the engine produced before and
after each move (the audit replays them), so the figures are the engine's,
not a second implementation of the rules. Per player:
start + received for draws + sold + broke grants - bought = final.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.games.bux.state import is_double_bux


@dataclass
class Account:
    """One player's money flow over a game."""

    start: int = 0
    bought: int = 0
    """Chips paid for bids won (to the drawer, or to the bank for one's own draw)."""
    paid_bank: int = 0
    """The part of `bought` paid to the bank (buying one's own draw)."""
    bids_won: int = 0
    received: int = 0
    """Chips received from other players who won this player's draws."""
    sold: int = 0
    """Chips the bank paid for sold sets (doubled during Double-BUX)."""
    sets_sold: int = 0
    double_sold: int = 0
    """Chips from sets sold during Double-BUX (part of `sold`)."""
    broke: int = 0
    """Chips granted by the bank while broke."""
    swaps_made: int = 0
    swaps_suffered: int = 0
    final: int = 0

    def bank_payments(self) -> int:
        """Return what the bank paid this player: sales plus broke grants."""
        return self.sold + self.broke

    def to_json(self) -> dict:
        """Return the account with its derived bank_payments."""
        return {**asdict(self), "bank_payments": self.bank_payments()}


class BuxFlow:
    """Feed step() each applied move in order; read accounts and text afterwards."""

    def __init__(self, setup: dict, initial):
        self.accounts = {name: Account(start=chips, final=chips) for name, chips in zip(initial.players, initial.chips)}

    def step(self, line: dict, before, after) -> str:
        """Book one move and return a one-line description of it."""
        kind = line.get("type")
        for name, chips in zip(after.players, after.chips):
            self.accounts[name].final = chips
        player = line.get("player", "")
        if kind == "draw":
            return self._draw(line, before, after)
        if kind == "sell":
            seat = before.seat(player)
            paid = after.chips[seat] - before.chips[seat]
            account = self.accounts[player]
            account.sold += paid
            account.sets_sold += len(line.get("sets", []))
            double = is_double_bux(before)
            if double:
                account.double_sold += paid
            count = len(line.get("sets", []))
            return f"{player} sold {count} set{'s' if count != 1 else ''} for {paid}{' (Double-BUX)' if double else ''}"
        if kind == "swap":
            self.accounts[player].swaps_made += 1
            self.accounts[line.get("from")].swaps_suffered += 1
            return f"{player} swapped {line.get('give')} for {line.get('take')} from {line.get('from')}"
        if kind == "broke":
            seat = before.seat(player)
            grant = after.chips[seat] - before.chips[seat]
            self.accounts[player].broke += grant
            return f"{player} was broke and took {grant} from the bank"
        return f"{kind} by {player}"

    def _draw(self, line: dict, before, after) -> str:
        player = line["player"]
        cards = ", ".join(line.get("cards", []))
        text = f"{player} drew {cards}"
        if after.deck != before.deck:
            return f"{text}: third timer card, deck {after.deck} begins and {player} draws again"
        if after.over and not _settled(line):
            return f"{text}: third timer card of the last deck, the game ends"
        ends = "; the last deck is over and so is the game" if after.over else ""
        return self._settle(line, text) + ends

    def _settle(self, line: dict, text: str) -> str:
        """Book a draw's settlement (a bid won, all passed, kept) and return it in words."""
        player, winner, price = line["player"], line.get("winner"), line.get("price")
        if line.get("keep"):
            return f"{text} and kept them (no cards in spread)"
        if winner is None:
            return f"{text}; everyone passed"
        assert price is not None, "the record reader requires a price with a winner"
        buyer = self.accounts[winner]
        buyer.bought += price
        buyer.bids_won += 1
        if winner == player:
            buyer.paid_bank += price
            return f"{text}; {player} bought them for {price} (paid the bank)"
        self.accounts[player].received += price
        return f"{text}; {winner} won the bid at {price} (paid {player})"

    def to_json(self) -> dict:
        """Return every player's account."""
        return {name: account.to_json() for name, account in self.accounts.items()}


def _settled(line: dict) -> bool:
    """Return True if a draw line is settled: a bid won, all passed or kept (a last draw finished under last-draw=finished)."""
    return bool(line.get("keep")) or "winner" in line
