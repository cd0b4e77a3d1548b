CREATE TABLE "error_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "error_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"route" text DEFAULT '' NOT NULL,
	"status" integer,
	"user_id" integer,
	"username" text DEFAULT '' NOT NULL,
	"summary" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "error_logs_at_idx" ON "error_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "error_logs_request_idx" ON "error_logs" USING btree ("request_id");--> statement-breakpoint
-- Every dictionary entry so far was shipped with the product: system entries (D55). A new database marks them in the seed.
UPDATE "dict_items" SET "system" = true;
--> statement-breakpoint
-- 字典管理, 错误日志 (system administrator) and 统计 (audit administrator) for databases seeded before they existed
-- (issue 17); a new database gets them from the seed.
INSERT INTO "functions" ("name", "path", "icon", "type", "sort", "hidden", "parent_id")
SELECT v.name, v.path, v.icon, 2, v.sort, false, p."id"
FROM (VALUES
  ('字典管理', '/sysMgr/dictMgr', 'iconfont icon_zidian', 20),
  ('错误日志', '/sysMgr/errorLog', 'iconfont icon_cuowu', 21),
  ('统计', '/sysMgr/statistics', 'iconfont icon_tongji', 22)
) AS v(name, path, icon, sort)
JOIN "functions" p ON p."path" = '/sysMgr'
ON CONFLICT ("path") DO NOTHING;
--> statement-breakpoint
INSERT INTO "function_buttons" ("function_id", "code", "name", "sort")
SELECT f."id", v.code, v.name, v.sort
FROM (VALUES
  ('/sysMgr/dictMgr', 'add', '新增', 0), ('/sysMgr/dictMgr', 'edit', '编辑', 1),
  ('/sysMgr/dictMgr', 'delete', '删除', 2), ('/sysMgr/dictMgr', 'disable', '停用', 3),
  ('/sysMgr/errorLog', 'export', '导出', 0), ('/sysMgr/statistics', 'export', '导出', 0)
) AS v(path, code, name, sort)
JOIN "functions" f ON f."path" = v.path
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_functions" ("role_id", "function_id")
SELECT ur."role_id", f."id"
FROM (VALUES (-1, '/sysMgr/dictMgr'), (-1, '/sysMgr/errorLog'), (-3, '/sysMgr/statistics')) AS v(user_id, path)
JOIN "user_roles" ur ON ur."user_id" = v.user_id
JOIN "roles" r ON r."id" = ur."role_id" AND r."system" = true
JOIN "functions" f ON f."path" = v.path
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_buttons" ("role_id", "button_id")
SELECT ur."role_id", b."id"
FROM (VALUES (-1, '/sysMgr/dictMgr'), (-1, '/sysMgr/errorLog'), (-3, '/sysMgr/statistics')) AS v(user_id, path)
JOIN "user_roles" ur ON ur."user_id" = v.user_id
JOIN "roles" r ON r."id" = ur."role_id" AND r."system" = true
JOIN "functions" f ON f."path" = v.path
JOIN "function_buttons" b ON b."function_id" = f."id"
ON CONFLICT DO NOTHING;
