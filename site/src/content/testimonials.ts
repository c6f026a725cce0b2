/** Client testimonials of the about page (spec: three, five stars each). */
export interface Testimonial {
  starImage: string;
  stars: number;
  name: string;
  post: string;
  review: string;
}

export const testimonials: Testimonial[] = [
  {
    starImage: '/images/star.svg',
    stars: 5,
    name: 'Mawuli Kpodar',
    post: 'Directeur d’exploitation, Golfe Logistique',
    review:
      'Nos groupes électrogènes ont été livrés et mis en service en moins de deux semaines. Le suivi de maintenance est irréprochable : nous n’avons plus connu de coupure sur notre plateforme.',
  },
  {
    starImage: '/images/star.svg',
    stars: 5,
    name: 'Fatoumata Diallo',
    post: 'Responsable achats, Savane Agro',
    review:
      'Une équipe réactive qui comprend nos contraintes. Les pompes d’irrigation proposées étaient parfaitement dimensionnées et les pièces de rechange sont toujours disponibles.',
  },
  {
    starImage: '/images/star.svg',
    stars: 5,
    name: 'Jean-Baptiste Hounkpè',
    post: 'Chef de chantier, Batiplus Construction',
    review:
      'Des équipements de protection conformes aux normes, livrés à temps sur nos chantiers au Togo et au Bénin. Un partenaire sérieux, que nous recommandons sans hésiter.',
  },
];
