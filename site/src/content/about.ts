/** Fixed texts and figures of the home and about pages. */
export interface Statistic {
  /** The value the counter stops at (spec section 9: 12, 30, 15). */
  value: number;
  suffix: string;
  label: string;
}

export const statistics: Statistic[] = [
  { value: 12, suffix: '+', label: 'Années d’expérience' },
  { value: 30, suffix: '+', label: 'Clients et partenaires' },
  { value: 15, suffix: '+', label: 'Pays en Afrique' },
];

/** Counters count up over this many milliseconds (spec section 9). */
export const COUNTER_DURATION_MS = 5000;

/** Home page claim (spec section 1). */
export const HOME_CLIENTS_CLAIM = { value: '80+', label: 'Clients et partenaires nous font confiance' };

export interface Value {
  title: string;
  description: string;
  icon: 'bulb' | 'target' | 'handshake';
}

export const values: Value[] = [
  {
    title: 'Innovation',
    description:
      'Nous recherchons en permanence les solutions les plus efficaces et les plus durables pour les sites de nos clients.',
    icon: 'bulb',
  },
  {
    title: 'Précision',
    description: 'Chaque équipement est dimensionné, installé et contrôlé avec rigueur, selon les normes et les règles de l’art.',
    icon: 'target',
  },
  {
    title: 'Engagement',
    description: 'Nous tenons nos délais et restons aux côtés de nos clients bien après la livraison.',
    icon: 'handshake',
  },
];

export interface Story {
  eyebrow: string;
  title: string;
  paragraphs: string[];
  image: string;
  imageAlt: string;
}

export const homeStories: Story[] = [
  {
    eyebrow: 'Qui sommes-nous',
    title: 'Un fournisseur industriel ancré à Lomé depuis 2012',
    paragraphs: [
      'Nous fournissons aux entreprises de la région des équipements fiables : groupes électrogènes, compresseurs, pompes, outillage et équipements de protection individuelle.',
      'Notre entrepôt d’Agoè Cacaveli et notre réseau de partenaires nous permettent de livrer rapidement au Togo comme dans toute la sous-région.',
    ],
    image: '/images/story-warehouse.svg',
    imageAlt: 'Illustration d’un entrepôt avec rayonnages, palettes et chariot élévateur',
  },
  {
    eyebrow: 'Sur le terrain',
    title: 'Des techniciens qui s’engagent à vos côtés',
    paragraphs: [
      'Installation, mise en service, maintenance préventive ou dépannage : nos équipes interviennent sur vos sites avec le matériel et les pièces nécessaires.',
      'Nous formons aussi vos opérateurs, pour que vos installations tournent longtemps et en toute sécurité.',
    ],
    image: '/images/story-field.svg',
    imageAlt: 'Illustration d’un technicien équipé d’un casque devant une pompe industrielle',
  },
];

export const aboutHistory: string[] = [
  'Fondée en 2012 à Lomé, notre entreprise a commencé par la distribution de groupes électrogènes pour les commerces et les PME du Grand Lomé.',
  'Au fil des années, nous avons élargi notre offre aux compresseurs, aux pompes, à l’outillage et aux équipements de protection, puis développé un service technique capable d’intervenir dans toute l’Afrique de l’Ouest.',
  'Aujourd’hui, industriels, entreprises du BTP, exploitations agricoles et acteurs de la logistique nous confient l’équipement et l’entretien de leurs sites.',
];
