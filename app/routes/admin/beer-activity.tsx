export default function BeerActivity() {
  return null;
}
