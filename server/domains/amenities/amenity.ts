// GraphQL types and operations of this domain (being built).
export {};
