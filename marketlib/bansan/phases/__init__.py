"""Bansan's own phases, beyond the skeleton every game shares (docs: "Games and the registry"):
stocking (B-STOCK, B-OPEN-03), the Action Phase's BUY/SELL/EMPTY checks and moves (B-ACT,
B-BUY, B-SELL, B-EMPTY), Events (B-UPK-10/11) and the Sendiri automation (B-SOLO). The
skeleton modules ``checks``, ``moves`` and ``turn`` gather them into their tables."""
