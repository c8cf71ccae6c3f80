/** ORM and database logs with bound values: a value bound to a column that holds a secret is redacted, other values stay. */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const redact = (text: string) => createTextRedactor('standard')(text).text;

/** [what logs it, the log, the secret in it] */
const BOUND: Array<[string, string, string]> = [
  ['Rails, a bare `key` column', '  ApiKey Load (0.4ms)  SELECT "api_keys".* FROM "api_keys" WHERE "api_keys"."key" = ? LIMIT ?  [["key", "ak_9f2e4c6a8b0d1f3e5a7c"], ["LIMIT", 1]]', 'ak_9f2e4c6a8b0d1f3e5a7c'],
  ['Django, inline and in args', "(0.001) SELECT \"authtoken_token\".\"key\" FROM \"authtoken_token\" WHERE \"authtoken_token\".\"key\" = '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b' LIMIT 21; args=('9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',); alias=default", '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b'],
  ["Django, connection.queries printed", "[{'sql': 'SELECT \"authtoken_token\".\"key\" FROM \"authtoken_token\" WHERE \"authtoken_token\".\"key\" = \\'9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b\\' LIMIT 21', 'time': '0.001'}]", '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b'],
  ['Django, %s and params', "DEBUG (0.002) INSERT INTO \"api_credential\" (\"name\", \"secret\") VALUES (%s, %s) RETURNING \"id\"; params=('ci', 'Pq8vXm3kLz2nRt7w')", 'Pq8vXm3kLz2nRt7w'],
  ['Sequelize, values after the statement', 'Executing (default): INSERT INTO "Users" ("id","email","password","createdAt") VALUES (DEFAULT,$1,$2,$3) RETURNING "id"; "x@y.co", "Hq7vN3xR9p", "2024-03-14 10:22:31.551 +00:00"', 'Hq7vN3xR9p'],
  ['Sequelize, inline', "Executing (default): SELECT `id`, `token` FROM `Sessions` AS `Session` WHERE `Session`.`token` = 'Wq7xZ2pLm9KvTn4R';", 'Wq7xZ2pLm9KvTn4R'],
  ['Sequelize, the bind map logged', "Executing (default): INSERT INTO `Users` (`username`,`apiKey`) VALUES ($1,$2); { '$1': 'toni', '$2': 'Xq8vLm2Kz9pTnRw4' }", 'Xq8vLm2Kz9pTnRw4'],
  ['Hibernate', 'Hibernate: insert into users (email, password, id) values (?, ?, ?)\nTRACE o.h.t.d.sql.BasicBinder - binding parameter [1] as [VARCHAR] - [a@b.co]\nTRACE o.h.t.d.sql.BasicBinder - binding parameter [2] as [VARCHAR] - [Vx82kLp0Qz]', 'Vx82kLp0Qz'],
  ['Prisma', 'prisma:query INSERT INTO "public"."User" ("email","password") VALUES ($1,$2) RETURNING "public"."User"."id"\nParams: ["x@y.co","Kq9vB2mX7tLz"]', 'Kq9vB2mX7tLz'],
  ['TypeORM', 'query: SELECT "User"."id" FROM "user" "User" WHERE "User"."resetToken" = $1 -- PARAMETERS: ["3f9d2a7c81be4c559a0e6d2b7f41c8e3"]', '3f9d2a7c81be4c559a0e6d2b7f41c8e3'],
  ['Ecto', '[debug] QUERY OK source="users" db=1.2ms queue=0.1ms\nINSERT INTO "users" ("email","api_key","inserted_at") VALUES ($1,$2,$3) RETURNING "id" ["x@y.co", "Ab3dE7gH9jKmXq8v", ~N[2024-03-14 10:22:31]]', 'Ab3dE7gH9jKmXq8v'],
  ['knex, bindings before the SQL', "{ method: 'insert', options: {}, bindings: [ 'x@y.co', 'Hj3kL9mQ2xPz' ], sql: 'insert into \"users\" (\"email\", \"password\") values (?, ?)' }", 'Hj3kL9mQ2xPz'],
  ['knex debug', "knex:query insert into `users` (`api_key`, `email`) values (?, ?) undefined +0ms\nknex:bindings [ 'Xk8fP2qLm9WzQ3nR', 'x@y.co' ] +0ms", 'Xk8fP2qLm9WzQ3nR'],
  ['PostgreSQL log_statement', "LOG:  execute <unnamed>: INSERT INTO users (email, password) VALUES ($1, $2)\nDETAIL:  parameters: $1 = 'x@y.co', $2 = 'Ap9xLm2Kq7Vz'", 'Ap9xLm2Kq7Vz'],
  ['Rails with MySQL, the value inline', "  User Load (0.6ms)  SELECT `users`.* FROM `users` WHERE `users`.`auth_token` = 'Kq9vB2mX7tLzQ3nR' LIMIT 1", 'Kq9vB2mX7tLzQ3nR'],
  ['Laravel, the query log as JSON', '{"sql":"select * from `users` where `api_token` = ? limit 1","bindings":["Lv8xQm2Lp7zRt4wBs6yJ"],"time":0.52}', 'Lv8xQm2Lp7zRt4wBs6yJ'],
  ['Laravel, DB::listen to the log', '[2024-03-14 10:22:31] local.DEBUG: select * from `users` where `remember_token` = ? limit 1 ["Lr8xQm2Lp7zRt4wBs6yJ"]', 'Lr8xQm2Lp7zRt4wBs6yJ'],
  ['Doctrine, parameters numbered from 1', 'doctrine.DEBUG: Executing statement: SELECT t0.id FROM api_token t0 WHERE t0.token = ? (parameters: array{"1":"Dc8xQm2Lp7zRt4wBs6yJ"}, types: array{"1":2})', 'Dc8xQm2Lp7zRt4wBs6yJ'],
  ['MyBatis, a null before the secret', '==>  Preparing: INSERT INTO users (nick, email, password) VALUES (?, ?, ?)\n==> Parameters: null, a@b.co(String), Mp8xQm2Lp7(String)\n<==    Updates: 1', 'Mp8xQm2Lp7'],
  ["Spring's JdbcTemplate", 'Executing prepared SQL statement [select id from users where reset_token = ?]\nSetting SQL statement parameter value: column index 1, parameter value [Jt8xQm2Lp7zRt4wBs6yJ], value class [java.lang.String], SQL type unknown', 'Jt8xQm2Lp7zRt4wBs6yJ'],
  ['EF Core, parameters above a formatted INSERT', "Executed DbCommand (3ms) [Parameters=[@p0='a@b.co' (Nullable = false) (Size = 4000), @p1='Ep8xQm2Lp7' (Nullable = false) (Size = 4000)], CommandType='Text', CommandTimeout='30']\nSET NOCOUNT ON;\nINSERT INTO [Users] ([Email], [Password])\nVALUES (@p0, @p1);", 'Ep8xQm2Lp7'],
  ['SQLAlchemy, positional', "INFO sqlalchemy.engine.Engine INSERT INTO users (email, password) VALUES (?, ?)\nINFO sqlalchemy.engine.Engine [generated in 0.00015s] ('x@y.co', 'Bx7mQ2vLp9')", 'Bx7mQ2vLp9'],
  ['SQLAlchemy, named', "INFO sqlalchemy.engine.Engine UPDATE users SET api_token=%(api_token)s WHERE users.id = %(id_1)s\nINFO sqlalchemy.engine.Engine [generated in 0.00012s] {'api_token': 'Tq8vLm2Kz9pTnRw4', 'id_1': 3}", 'Tq8vLm2Kz9pTnRw4'],
];

const LEFT: Array<[string, string]> = [
  ['an already filtered value', '  User Create (0.9ms)  INSERT INTO "users" ("email", "password_digest") VALUES ($1, $2)  [["email", "a@b.co"], ["password_digest", "[FILTERED]"]]'],
  ['a time under a token column', '  Session Load  SELECT * FROM "sessions" WHERE "sessions"."token_expires_at" < $1  [["token_expires_at", "2024-03-14 10:22:31"]]'],
  ['a kind of token', 'query: SELECT "User"."id" FROM "user" "User" WHERE "User"."token_type" = $1 -- PARAMETERS: ["refresh"]'],
  ['a value bound to an e-mail column', 'Hibernate: select u1_0.id from users u1_0 where u1_0.email=?\nbinding parameter [1] as [VARCHAR] - [bob]'],
  ['values of other columns', "Executing (default): UPDATE `users` SET `name`=?,`updatedAt`=? WHERE `id` = ? [ 'Alice', '2024-03-14 10:22:31', 5 ]"],
  ['a setting\'s key', "  Setting Load (0.2ms)  SELECT `settings`.* FROM `settings` WHERE `settings`.`key` = 'site_name' LIMIT 1"],
  ['a translation key', '  Translation Load (0.2ms)  SELECT "translations".* FROM "translations" WHERE "translations"."key" = $1  [["key", "errors.messages.blank"]]'],
  ['MyBatis, a name', '==>  Preparing: SELECT id, name FROM users WHERE name = ?\n==> Parameters: alice(String)'],
  ['EF Core, an e-mail', "Executed DbCommand (3ms) [Parameters=[@p0='a@b.co' (Size = 4000)], CommandType='Text', CommandTimeout='30']\nSELECT [u].[Id] FROM [Users] AS [u] WHERE [u].[Email] = @p0"],
  ['a bcrypt hash', '  User Create (0.9ms)  INSERT INTO "users" ("email", "encrypted_password") VALUES ($1, $2)  [["email", "a@b.co"], ["encrypted_password", "$2a$12$K8Qz9xLm2vT7nRw4bYs6yOeJ4hF3gD1cA0e5fGh6iJ7kL8mN9oP0q"]]'],
  ['a log line after a statement that is no value list', 'Executing (default): SELECT `id`, `token` FROM `Sessions` WHERE `Session`.`token` = ?;\nExecuting (default): START TRANSACTION;'],
];

describe('values bound to secret columns in SQL logs', () => {
  it.each(BOUND)('%s: the secret is redacted', (_, log, secret) => {
    const out = redact(log);
    expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED:');
  });

  it.each(LEFT)('%s: nothing changes', (_, log) => {
    expect(redact(log)).toBe(log);
  });

  it('keeps the other bound values of the same statement', () => {
    const out = redact('prisma:query INSERT INTO "public"."User" ("email","password") VALUES ($1,$2)\nParams: ["x@y.co","Kq9vB2mX7tLz"]');
    expect(out).toContain('"x@y.co"');
    expect(out).not.toContain('Kq9vB2mX7tLz');
  });
});
