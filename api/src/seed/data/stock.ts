import type { DemoStockEntry } from './types.js';

/** Goods received at the warehouse (consumables and spare parts), priced in dollars as the stock screen shows. */
export const DEMO_STOCK_ENTRIES: DemoStockEntry[] = [
  { name: 'Huile moteur diesel 15W-40 (fût de 208 L)', price: '620.00', quantity: 8, manufactureDaysAgo: 210, expiresInDays: 880, billingDaysAgo: 40, shape: 'drum', colour: '#1F6FB2' },
  { name: 'Liquide de refroidissement -25 °C (fût de 60 L)', price: '185.00', quantity: 12, manufactureDaysAgo: 150, expiresInDays: 580, billingDaysAgo: 38, shape: 'drum', colour: '#0E9F9A' },
  { name: 'Graisse au lithium EP2 (seau de 18 kg)', price: '96.50', quantity: 20, manufactureDaysAgo: 300, expiresInDays: 430, billingDaysAgo: 90, shape: 'drum', colour: '#E3A008' },
  { name: 'Filtres à gasoil pour groupes 20 à 60 kVA (carton de 24)', price: '312.00', quantity: 6, manufactureDaysAgo: 120, billingDaysAgo: 35, shape: 'carton', colour: '#E3A008' },
  { name: 'Électrodes rutile 3,2 mm (carton de 20 kg)', price: '74.00', quantity: 40, manufactureDaysAgo: 90, billingDaysAgo: 28, shape: 'carton', colour: '#6B3FA0' },
  { name: 'Disques à tronçonner métal 230 mm (boîte de 25)', price: '58.00', quantity: 35, manufactureDaysAgo: 200, expiresInDays: 900, billingDaysAgo: 60, shape: 'carton', colour: '#C81E1E' },
  { name: 'Cartouches filtrantes A2P3 pour demi-masques (boîte de 10)', price: '145.00', quantity: 15, manufactureDaysAgo: 60, expiresInDays: 1400, billingDaysAgo: 21, shape: 'carton', colour: '#F05A1A' },
  { name: 'Gants nitrile jetables taille L (carton de 1 000)', price: '88.00', quantity: 0, manufactureDaysAgo: 400, expiresInDays: 700, billingDaysAgo: 120, shape: 'carton', colour: '#1F6FB2' },
  { name: 'Batteries de démarrage 12 V 100 Ah', price: '138.00', quantity: 16, manufactureDaysAgo: 75, billingDaysAgo: 30, shape: 'battery', colour: '#E3A008' },
  { name: 'Batteries de démarrage 12 V 200 Ah', price: '265.00', quantity: 5, manufactureDaysAgo: 75, billingDaysAgo: 30, shape: 'battery', colour: '#C81E1E' },
  { name: 'Câble souple H07RN-F 5G16 mm² (touret de 100 m)', price: '1340.00', quantity: 3, manufactureDaysAgo: 180, billingDaysAgo: 45, shape: 'reel', colour: '#2b2f36' },
  { name: 'Câble de soudage 35 mm² (touret de 50 m)', price: '410.00', quantity: 4, manufactureDaysAgo: 140, billingDaysAgo: 45, shape: 'reel', colour: '#C81E1E' },
];
