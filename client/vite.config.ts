import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';

// graphql`` tags become imports of relay-compiler's artefacts (babel-plugin-relay, artifactDirectory from relay.config.js).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), babel({ plugins: [['relay', { artifactDirectory: './client/src/__generated__', eagerEsModules: true }]] })],
  build: { outDir: process.env.CLIENT_DIST ? path.resolve(process.env.CLIENT_DIST) : 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { '/graphql': { target: 'http://localhost:3000', ws: true }, '/api': 'http://localhost:3000' },
  },
});
