// The part of relay-test-utils the component tests use (the package ships Flow types only).
declare module 'relay-test-utils' {
  import type { ConcreteRequest, Environment, GraphQLResponse, GraphQLTaggedNode, OperationDescriptor, Variables } from 'relay-runtime';

  export type MockResolvers = Record<string, (context: unknown, generateId: () => number) => unknown>;

  export interface RelayMockEnvironment extends Environment {
    mock: {
      queueOperationResolver(resolver: (operation: OperationDescriptor) => GraphQLResponse | Error | null | undefined): void;
      queuePendingOperation(query: ConcreteRequest | GraphQLTaggedNode, variables: Variables): void;
      getMostRecentOperation(): OperationDescriptor;
      getAllOperations(): OperationDescriptor[];
      resolve(operation: OperationDescriptor, payload: GraphQLResponse): void;
      resolveMostRecentOperation(payload: GraphQLResponse | ((operation: OperationDescriptor) => GraphQLResponse)): void;
      reject(operation: OperationDescriptor, error: Error): void;
      /** One event of a subscription (or one part of a streamed answer), the operation still open. */
      nextValue(operation: OperationDescriptor, payload: GraphQLResponse): void;
    };
  }

  export function createMockEnvironment(config?: object): RelayMockEnvironment;

  export const MockPayloadGenerator: {
    generate(operation: OperationDescriptor, mockResolvers?: MockResolvers | null, options?: object): GraphQLResponse;
  };
}
