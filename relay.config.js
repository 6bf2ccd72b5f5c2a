// relay-compiler reads the printed schema; the client shell (client/src) compiles against it.
export default {
  src: './client/src',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './client/src/__generated__',
  exclude: ['**/node_modules/**', '**/__generated__/**'],
};
