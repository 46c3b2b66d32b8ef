import assert from "node:assert/strict";
import { test } from "node:test";
import { logIn } from "../../src/accounts/log-in.ts";
import { ownCli } from "./own-cli.ts";

const cli = ownCli("users");
const padron = (...args: string[]) => cli.padron(args);

test("users create takes the password rule of users password and sign-up: 10 to 200 characters", async () => {
  for (const password of ["short", "", "x".repeat(201)]) {
    const email = `short-${randomSuffix()}@test.padron`;
    const ran = await padron("users", "create", "--email", email, "--password", password);
    assert.equal(ran.code, 1, `created ${ran.stdout}`);
    assert.equal(ran.stderr, "padron users create: the password must have 10 to 200 characters\n");
    const user = await cli.database.db.selectFrom("users").select("id").where("email", "=", email).execute();
    assert.deepEqual(user, [], "no user created");
    assert.equal(await logIn(cli.database.db, { email, password }), null);
  }
  const email = `ten-${randomSuffix()}@test.padron`;
  const ran = await padron("users", "create", "--email", email, "--password", "0123456789");
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal((await logIn(cli.database.db, { email, password: "0123456789" }))?.email, email);
});

const randomSuffix = () => Math.random().toString(36).slice(2);
