import { Navigate, Route, Routes } from 'react-router';
import { CertificatesView } from './components/certificates-view.tsx';
import { MatchingView } from './components/matching-view.tsx';

/** /home/verified/*: the Certificates view and the Supplier matching screen. */
export default function VerifiedDiversityPage() {
  return (
    <Routes>
      <Route path="certificates" element={<CertificatesView />} />
      <Route path="matching" element={<MatchingView />} />
      <Route path="*" element={<Navigate to="/home/verified/certificates" replace />} />
    </Routes>
  );
}
