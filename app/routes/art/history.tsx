// PLACEHOLDER: replaced by its owner
export default function Placeholder() {
  return <h1>En construction</h1>;
}
