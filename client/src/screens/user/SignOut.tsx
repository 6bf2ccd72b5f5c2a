import { useEffect, useRef } from 'react';
import { Loader } from '@mantine/core';
import { graphql, useMutation } from 'react-relay';
import type { SignOutMutation } from '../../__generated__/SignOutMutation.graphql';

const mutation = graphql`
  mutation SignOutMutation {
    signOut { ok }
  }
`;

/** /logout: ends the session and returns to sign-in. */
export default function SignOut() {
  const [commit] = useMutation<SignOutMutation>(mutation);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const leave = () => window.location.assign('/login');
    commit({ variables: {}, onCompleted: leave, onError: leave });
  }, [commit]);
  return <Loader />;
}
