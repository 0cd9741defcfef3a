import { contentEndpoints } from "./content.ts";
import type { Endpoint } from "./endpoint.ts";
import { meEndpoints } from "./me.ts";
import { orderEndpoints } from "./orders.ts";
import { orderPortalEndpoints } from "./order-portal.ts";
import { inboxEndpoints } from "./inbox.ts";
import { itemEndpoints } from "./items.ts";
import { mediaEndpoints } from "./media.ts";
import { redirectEndpoints } from "./redirects.ts";
import { userEndpoints } from "./users.ts";

/** Every JSON API endpoint. Each feature contributes its list. */
export const endpoints: Endpoint[] = [...meEndpoints, ...contentEndpoints, ...inboxEndpoints, ...userEndpoints, ...itemEndpoints, ...mediaEndpoints, ...redirectEndpoints, ...orderEndpoints, ...orderPortalEndpoints];
