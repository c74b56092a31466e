export default function ContractsPage() {
  return null;
}
