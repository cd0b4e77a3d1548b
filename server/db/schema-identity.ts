import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { at } from './schema-columns';

// Who is who and may do what: departments, secrecy grades, users, roles and the function points granted to roles.

/** Departments (部门): a tree under the root id -2. */
export const departments = pgTable('departments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
  name: text('name').notNull(),
  code: text('code').notNull().default(''),
  remark: text('remark').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('departments_parent_idx').on(t.parentId)]);

/** Secrecy grades (密级) dictionary, ordered by rank (higher rank = more secret). */
export const secrecyGrades = pgTable('secrecy_grades', {
  code: text('code').primaryKey(),
  text: text('text').notNull(),
  rank: integer('rank').notNull().unique(),
});

/** User accounts, including the three system accounts -1..-3 (system = true). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  username: text('username').notNull().unique(),
  fullName: text('full_name').notNull(),
  deptId: integer('dept_id').notNull().references(() => departments.id),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  system: boolean('system').notNull().default(false),
  clearance: text('clearance').notNull().references(() => secrecyGrades.code),
  mobile: text('mobile').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  position: text('position').notNull().default(''),
  remark: text('remark').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Roles (角色). System roles belong to the system accounts and cannot be edited. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  system: boolean('system').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Which users hold which roles. */
export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)]);

/**
 * Function points (功能点): routes/menus. type 1 = business area, 2 = management area
 * (the function tree call defaults to type 2). Hidden functions are granted but not in the menu.
 */
export const functions = pgTable('functions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => functions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  path: text('path').notNull().unique(),
  icon: text('icon').notNull().default(''),
  type: smallint('type').notNull(),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Buttons of a function; the client and server check them as `path#code`. */
export const functionButtons = pgTable('function_buttons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  functionId: integer('function_id').notNull().references(() => functions.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [unique('function_buttons_code_uq').on(t.functionId, t.code)]);

/** Functions granted to roles. */
export const roleFunctions = pgTable('role_functions', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  functionId: integer('function_id').notNull().references(() => functions.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.functionId] })]);

/** Buttons granted to roles. */
export const roleButtons = pgTable('role_buttons', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  buttonId: integer('button_id').notNull().references(() => functionButtons.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.buttonId] })]);
