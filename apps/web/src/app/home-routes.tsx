import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/get-profile.ts';
import { allowedModules, moduleRoutePath } from './modules.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { FirstScreenPending } from '../components/after-first-screen.tsx';

// The tiles' page is a chunk of its own: antd's Card, Tag and Typography are not every page's.
// Opened at /home, it starts loading with the shell (as app-shell.tsx starts a module's page).
const loadHomePage = () => import('../features/home/home-page.tsx');
if (/^\/home\/?$/.test(window.location.pathname)) loadHomePage().catch(() => undefined);
const HomePage = lazy(loadHomePage);
const EditProfilePage = lazy(() => import('../features/profile/edit-profile-page.tsx'));

// While a page's code loads, its first screen is not complete: the shell's later parts (the menu,
// the alert dialog's code) wait for the page's (components/after-first-screen.tsx).
const pageFallback = (
  <>
    <PageLoader />
    <FirstScreenPending />
  </>
);

/** The routes under /home: tiles, the profile editor and the modules this user may open. */
export function HomeRoutes() {
  const { t } = useTranslation();
  const { features, clientType, permissions } = useCurrentUser();
  const modules = allowedModules(features, undefined, clientType, permissions);
  const tiles = modules
    .filter((m) => m.tile)
    .map((m) => ({
      key: m.key,
      path: m.path,
      icon: m.icon,
      label: t(m.labelKey),
      description: m.descriptionKey ? t(m.descriptionKey) : undefined,
    }));

  return (
    <Routes>
      <Route
        index
        element={
          <Suspense fallback={pageFallback}>
            <HomePage tiles={tiles} />
          </Suspense>
        }
      />
      <Route
        path="editProfile"
        element={
          <Suspense fallback={pageFallback}>
            <EditProfilePage />
          </Suspense>
        }
      />
      {modules.map(
        (m) =>
          m.element && (
            <Route
              key={m.key}
              path={moduleRoutePath(m)}
              element={<Suspense fallback={pageFallback}>{<m.element />}</Suspense>}
            />
          ),
      )}
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
