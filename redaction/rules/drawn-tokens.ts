/**
 * The shape of a value drawn by a generator rather than named by a person, shared by the rules that
 * take a value no name calls secret (a runtime error's argument, a wrapped result, an unknown word).
 */

/** 10 to 128 characters a generated token or password is made of. */
export const GENERATED_TOKEN = /^[\w!#$%^&*?+=~-]{10,128}$/;

/** Letters of both cases and digits in two runs or more (`Kq5birchTz8m`): drawn, not a name like `FooBar2Baz`. */
export function bothCasesAndDigitRuns(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && (value.match(/\d+/g)?.length ?? 0) >= 2;
}
