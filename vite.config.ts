import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and WASM packages must be loaded from node_modules at run time, never bundled.
    external: ["@electric-sql/pglite", "sharp", "postgres", "pino", "nodemailer"],
  },
});
