"""The HTTP lobby and the WebSocket per open page: seats, tokens, bots at the table.

Import :func:`terra.server.app.create_app` (or run ``terra serve``); nothing is imported here
so that ``terra`` starts fast.
"""
