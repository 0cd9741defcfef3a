import { contentEndpoints } from "./content.ts";
import type { Endpoint } from "./endpoint.ts";
import { meEndpoints } from "./me.ts";

/** Every JSON API endpoint. Each feature contributes its list. */
export const endpoints: Endpoint[] = [...meEndpoints, ...contentEndpoints];
