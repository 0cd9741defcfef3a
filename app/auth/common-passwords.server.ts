import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * The most common and breached passwords, refused offline (ASVS 6.2.12): zxcvbn-ts with its
 * common dictionary (leaked-password lists, diceware words, keyboard walks) estimates how many
 * guesses a password takes. One that falls sooner than trying every string of the spec's
 * minimum length (10^6 guesses for six characters) is built from a listed password or a common
 * pattern ("secret123", "qwerty123", "xxxxxxxx", "password1") and is refused; a random six
 * characters still passes, so the spec's minimum of 6 stays what it says. Server only: the
 * dictionary is ~1 MB and never goes to the browser. It is loaded when a password is first set
 * (about 30 MB of memory once built), not at start: most processes never need it.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
const loadEstimator = async () => {
  const [{ ZxcvbnFactory }, common] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]);
  return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
};

/** Fewer guesses than this (every string of six characters) means a listed password or pattern. */
export const MIN_GUESSES = 1_000_000;

export const COMMON_PASSWORD = "This password is too common: it is on lists of leaked passwords or follows a pattern guessers try first. Please choose another.";

export async function isCommonPassword(password: string): Promise<boolean> {
  estimator ??= loadEstimator();
  return (await estimator).check(password).guesses < MIN_GUESSES;
}
