import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/get-profile.ts';
import { allowedModules, moduleRoutePath } from './modules.tsx';
import { PageLoader } from '../components/page-loader.tsx';

// Chunks of their own (their files are in @spotzcity/shared/web-pages: the server names them in
// the HTML of /home and /home/editProfile).
const HomePage = lazy(() => import('../features/home/home-page.tsx'));
const EditProfilePage = lazy(() => import('../features/profile/edit-profile-page.tsx'));

const pageFallback = <PageLoader />;

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
