import { lazy, Suspense, useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { RelayEnvironmentProvider } from 'react-relay';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createEnvironment, resetSocket, SESSION_CLOSED_EVENT } from './relay/environment.js';
import { SessionProvider, useSession } from './components/SessionProvider.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Shell } from './components/Shell.js';
import { allowed, homeRedirect, ROUTES, type AppRoute } from './routes.js';
import { notify } from './components/notify.js';
import SignIn from './screens/public/SignIn.js';
import NotAvailable from './screens/common/NotAvailable.js';
import ComingSoon from './screens/common/ComingSoon.js';

const SignUp = lazy(() => import('./screens/public/SignUp.js'));
const RecoverPassword = lazy(() => import('./screens/public/RecoverPassword.js'));
const SetupPassword = lazy(() => import('./screens/public/SetupPassword.js'));
const VerifyEmail = lazy(() => import('./screens/public/VerifyEmail.js'));
const ActivateAccount = lazy(() => import('./screens/public/ActivateAccount.js'));
const Onboarding = lazy(() => import('./screens/public/Onboarding.js'));
const SwitchAccount = lazy(() => import('./screens/user/SwitchAccount.js'));
const AcceptInvitation = lazy(() => import('./screens/user/AcceptInvitation.js'));
const SignOut = lazy(() => import('./screens/user/SignOut.js'));

function Loading() {
  const { t } = useTranslation();
  return (
    <Center h="60vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

export function App() {
  const { t } = useTranslation();
  // A new Relay store on every session change: nothing of the previous account stays in memory.
  const [environment, setEnvironment] = useState(createEnvironment);
  const [environmentKey, setEnvironmentKey] = useState(0);
  useEffect(() => {
    const onClosed = () => {
      resetSocket();
      setEnvironment(createEnvironment());
      setEnvironmentKey((k) => k + 1);
      notify('warning', t('errors.sessionClosed'));
    };
    window.addEventListener(SESSION_CLOSED_EVENT, onClosed);
    return () => window.removeEventListener(SESSION_CLOSED_EVENT, onClosed);
  }, [t]);

  return (
    <RelayEnvironmentProvider environment={environment}>
      <BrowserRouter>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/sign-up" element={<SignUp />} />
            <Route path="/recover-password" element={<RecoverPassword />} />
            <Route path="/setup-password/:code" element={<SetupPassword />} />
            <Route path="/verify-email/:code" element={<VerifyEmail />} />
            <Route path="/signup/:signupCode" element={<ActivateAccount />} />
            <Route path="/onboarding/:domain" element={<Onboarding />} />
            <Route path="/login" element={<SessionGate key={environmentKey} />} />
            <Route path="*" element={<SessionGate key={environmentKey} />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </RelayEnvironmentProvider>
  );
}

function SessionGate() {
  const { t } = useTranslation();
  return (
    <ErrorBoundary title={t('errors.session')}>
      <SessionProvider signedOut={<SignIn />}>
        <SignedInRoutes />
      </SessionProvider>
    </ErrorBoundary>
  );
}

function SignedInRoutes() {
  return (
    <Shell>
      <Routes>
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/logout" element={<SignOut />} />
        <Route path="/not-available" element={<NotAvailable />} />
        <Route path="/fraccionamiento/:id" element={<SwitchAccount />} />
        <Route path="/invitations/:code" element={<AcceptInvitation />} />
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Shell>
  );
}

function Guarded({ route }: { route: AppRoute }) {
  const { grants, superAdmin } = useSession();
  const location = useLocation();
  if (!allowed(route, grants, superAdmin)) return <Navigate to="/not-available" replace />;
  if (route.path === '/' && location.pathname === '/') {
    const target = homeRedirect(grants, superAdmin);
    if (target) return <Navigate to={target} replace />;
  }
  const Screen = route.screen;
  return Screen ? <Screen /> : <ComingSoon route={route} />;
}
