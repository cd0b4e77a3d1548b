-- Issue 27 §6: the dictionary entries seeded so far are samples (valve-industry codes and names), not entries the
-- product relies on: the administrator may delete or recode them. Only seeded entries were ever marked system.
UPDATE "dict_items" SET "system" = false WHERE "system";
