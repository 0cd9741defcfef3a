import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server bundle's entry is server/index.ts, so the Express app, the JSON API and the pages share
// one build and one copy of every service module.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: { ssr: { build: { rollupOptions: { input: "./server/index.ts" }, target: "node24" } } },
  plugins: [tailwindcss(), reactRouter()],
});
