/** The three numbered reasons to choose the company (home page). */
export interface ExpertiseItem {
  number: string;
  title: string;
  description: string;
  image: string;
}

export const expertise: ExpertiseItem[] = [
  {
    number: '01',
    title: 'Une expertise éprouvée',
    description:
      'Plus de douze ans au service des industriels d’Afrique de l’Ouest : nos techniciens conseillent, installent et entretiennent des équipements exigeants, du groupe électrogène à la station de pompage.',
    image: '/images/reason-expertise.svg',
  },
  {
    number: '02',
    title: 'Une innovation constante',
    description:
      'Nous sélectionnons des matériels récents, sobres en énergie et adaptés au climat tropical, et nous formons nos équipes aux nouvelles technologies de supervision et de maintenance prédictive.',
    image: '/images/reason-innovation.svg',
  },
  {
    number: '03',
    title: 'Un accompagnement personnalisé',
    description:
      'Un interlocuteur unique suit chaque client, de l’étude du besoin au service après-vente, avec des délais tenus et des pièces de rechange disponibles localement.',
    image: '/images/reason-support.svg',
  },
];
