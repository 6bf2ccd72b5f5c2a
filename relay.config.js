// relay-compiler reads the printed schema; the client (client/src) compiles against it.
// Named exports: relay-compiler loads this file with require(), which sees an ES module's namespace.
export const src = './client/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './client/src/__generated__';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
