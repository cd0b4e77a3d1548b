-- Issue 27 §6: 统计 for each system account, each seeing the figures of its own duty (the server serves them from one
-- path per duty). Grant 统计 and its 导出 button to the roles of accounts -1 (系统运行) and -2 (安全保密), as the seed
-- now does; the audit administrator (-3) holds them since 0015. Rows only: no schema change.
INSERT INTO "role_functions" ("role_id", "function_id")
SELECT ur."role_id", f."id"
FROM (VALUES (-1), (-2)) AS v(user_id)
JOIN "user_roles" ur ON ur."user_id" = v.user_id
JOIN "roles" r ON r."id" = ur."role_id" AND r."system" = true
JOIN "functions" f ON f."path" = '/sysMgr/statistics'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_buttons" ("role_id", "button_id")
SELECT ur."role_id", b."id"
FROM (VALUES (-1), (-2)) AS v(user_id)
JOIN "user_roles" ur ON ur."user_id" = v.user_id
JOIN "roles" r ON r."id" = ur."role_id" AND r."system" = true
JOIN "functions" f ON f."path" = '/sysMgr/statistics'
JOIN "function_buttons" b ON b."function_id" = f."id"
ON CONFLICT DO NOTHING;
