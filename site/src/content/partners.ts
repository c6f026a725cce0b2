/** Partner logos (spec: eight), drawn for this site; the companies are fictitious. */
export interface Partner {
  logo: string;
  name: string;
}

export const partners: Partner[] = [
  { logo: '/images/partners/volta-energie.svg', name: 'Volta Énergie' },
  { logo: '/images/partners/golfe-logistique.svg', name: 'Golfe Logistique' },
  { logo: '/images/partners/savane-agro.svg', name: 'Savane Agro' },
  { logo: '/images/partners/hydrosud.svg', name: 'Hydrosud Pompage' },
  { logo: '/images/partners/metal-ouest.svg', name: 'Métal Ouest' },
  { logo: '/images/partners/batiplus.svg', name: 'Batiplus Construction' },
  { logo: '/images/partners/minera-kara.svg', name: 'Minéra Kara' },
  { logo: '/images/partners/atlantique-froid.svg', name: 'Atlantique Froid' },
];
