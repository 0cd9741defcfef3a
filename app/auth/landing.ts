/**
 * Where someone lands after signing in when nothing asked for another page: `/signed-in`, whose
 * loader sends a role holder (Editor, Admin, or one whose role waits on a step) to the admin area
 * and everyone else to the customer dashboard. One address for every way of signing in (password,
 * second step, passkey), so the rule lives in one place (routes/auth/signed-in.tsx).
 */
export const SIGNED_IN_LANDING = "/signed-in";
