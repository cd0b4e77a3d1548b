-- The knowledge documents a stored answer draws on: its citations and those of the history sent with it (docs/decisions.md D23).
ALTER TABLE "chat_messages" ADD COLUMN "source_docs" integer[];