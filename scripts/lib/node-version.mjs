export function requireNode(min = [22, 12]) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < min[0] || (major === min[0] && minor < min[1])) {
    console.error(`Comptoir needs Node.js >= ${min.join('.')} (24 recommended); this is ${process.version}.`);
    process.exit(1);
  }
}
