import { z } from "zod";
import { emailAddress } from "../shared/validation.ts";

/**
 * The login and register rules, with the spec's exact messages. Shared by the browser (inline
 * messages) and the server (the rule that counts).
 * "Provide a Valid Email" is given for anything that is not a well-formed address; the original's
 * "three consecutive letters" test rejected real addresses such as ab@c.io, so it is not copied.
 */
const email = emailAddress();

export const password = z
  .string({ error: "Password is Required" })
  .min(1, "Password is Required")
  .min(6, "Minimum 6 Characters")
  .max(128, "Maximum 128 Characters");

export const credentialsSchema = z.object({ email: email.describe("Email"), password: password.describe("Password") });
export const resetRequestSchema = z.object({ email: email.describe("Email") });
export const resetPasswordSchema = z.object({ token: z.string().min(1, "The reset link is incomplete"), password: password.describe("New password") });

export const LOGIN_FAILED = "Incorrect email or password. Please try again.";
