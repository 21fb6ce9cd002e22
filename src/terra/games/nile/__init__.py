"""Source of the Nile (Avalon Hill, 1979): Game I and Game II.

Rulebook: ``shared/rules/source-of-the-nile-rules-en.txt``.
"""
