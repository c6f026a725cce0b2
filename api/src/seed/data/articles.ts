import type { DemoArticle } from './types.js';

/** Blog articles of the demo: twelve published, two drafts and one in the trash. */
export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Bien dimensionner son groupe électrogène en cinq étapes',
    status: 'Publié',
    author: 'yawa.kpodar',
    daysAgo: 112,
    cover: 'generator',
    colour: '#E3A008',
    imageAlt: 'Illustration d’un groupe électrogène insonorisé jaune',
    html: `<p>Un groupe électrogène trop petit décroche au démarrage des moteurs ; un groupe trop gros consomme pour rien et s’encrasse en tournant à faible charge. Le bon dimensionnement est donc la première économie que vous ferez sur toute la durée de vie de la machine.</p>
<h2>1. Faire l’inventaire des équipements à secourir</h2>
<p>Listez tout ce qui doit fonctionner pendant une coupure : éclairage, climatisation, chambres froides, pompes, informatique. Relevez pour chaque appareil sa puissance nominale, indiquée sur sa plaque signalétique, en watts ou en kilowatts.</p>
<h2>2. Tenir compte des appels de courant</h2>
<p>Un moteur électrique appelle au démarrage trois à six fois son courant nominal. Un climatiseur de 2 kW peut donc demander brièvement 8 à 10 kW. Ce sont ces pointes, et non la consommation moyenne, qui dimensionnent le groupe.</p>
<h2>3. Passer des kilowatts aux kVA</h2>
<p>Les groupes sont vendus en kVA. Avec un facteur de puissance courant de 0,8, un groupe de 20 kVA délivre 16 kW. Divisez donc votre besoin en kW par 0,8 pour obtenir la puissance apparente nécessaire.</p>
<h2>4. Prévoir une marge raisonnable</h2>
<ul>
<li>visez une charge habituelle entre 50 et 80 % de la puissance du groupe ;</li>
<li>ajoutez 20 % pour les extensions prévues dans les deux ans ;</li>
<li>évitez la marche prolongée sous 30 % de charge, qui encrasse le moteur diesel.</li>
</ul>
<h2>5. Choisir le mode de fonctionnement</h2>
<p>Un groupe de secours démarre quelques heures par semaine ; un groupe de production tourne en continu sur un site isolé. Ce dernier demande un moteur à régime lent, un réservoir plus grand et un plan d’entretien serré.</p>
<p>Nos ingénieurs font gratuitement ce bilan de puissance avec vous, sur plan ou sur site, à Lomé comme à l’intérieur du pays.</p>`,
  },
  {
    title: 'Coupures de courant : protéger son activité sans se ruiner',
    status: 'Publié',
    author: 'afi.mensah',
    daysAgo: 101,
    cover: 'solar',
    colour: '#1F6FB2',
    imageAlt: 'Panneau solaire sous le soleil',
    html: `<p>Pour un commerce, une clinique ou un atelier, une coupure de courant n’est pas seulement une gêne : ce sont des produits frais perdus, des machines arrêtées, parfois des données corrompues. Plusieurs solutions existent, du simple onduleur au système hybride.</p>
<h2>L’onduleur pour l’informatique</h2>
<p>Quelques minutes d’autonomie suffisent pour enregistrer son travail et éteindre proprement les serveurs. Un onduleur « on-line » protège aussi contre les variations de tension qui usent les alimentations électroniques.</p>
<h2>Le groupe électrogène pour la continuité</h2>
<p>Associé à un inverseur de source automatique, le groupe prend le relais en moins de quinze secondes. C’est la solution des hôtels, des cliniques et des industries qui ne peuvent pas s’arrêter.</p>
<h2>Le solaire pour réduire la facture</h2>
<p>Des panneaux photovoltaïques couplés à des batteries couvrent la consommation de jour et les coupures courtes. Le groupe ne démarre plus qu’en dernier recours, ce qui divise la consommation de gasoil.</p>
<h3>Par où commencer ?</h3>
<ol>
<li>mesurez la durée et la fréquence des coupures sur un mois ;</li>
<li>identifiez les équipements vraiment critiques ;</li>
<li>comparez le coût d’une heure d’arrêt au coût de la solution.</li>
</ol>
<p>Cette démarche simple évite d’acheter trop grand, ou de découvrir trop tard qu’on a acheté trop petit.</p>`,
  },
  {
    title: 'Entretien d’un groupe électrogène en climat tropical',
    status: 'Publié',
    author: 'komlan.agbodjan',
    daysAgo: 90,
    cover: 'generator-open',
    colour: '#0E9F9A',
    imageAlt: 'Groupe électrogène ouvert sur châssis',
    html: `<p>Chaleur, humidité, poussière de l’harmattan et air salin du littoral : le climat de la côte ouest-africaine met les moteurs à rude épreuve. Un entretien régulier reste la meilleure assurance contre la panne le jour où le groupe est indispensable.</p>
<h2>Les contrôles hebdomadaires</h2>
<ul>
<li>niveau d’huile et de liquide de refroidissement, moteur froid ;</li>
<li>état et tension des courroies ;</li>
<li>absence de fuite de gasoil ou d’huile sous le châssis ;</li>
<li>charge de la batterie de démarrage et propreté des cosses.</li>
</ul>
<h2>Les vidanges</h2>
<p>Comptez une vidange toutes les 250 heures de marche, ou au moins une fois par an pour un groupe de secours qui tourne peu. Changez le filtre à huile à chaque vidange et le filtre à gasoil une fois sur deux.</p>
<h2>Le filtre à air, point faible en saison sèche</h2>
<p>Pendant l’harmattan, la poussière colmate les filtres à air en quelques semaines. Un filtre encrassé fait fumer le moteur et augmente la consommation : inspectez-le tous les mois de décembre à février.</p>
<h2>Faire tourner le groupe en charge</h2>
<p>Un groupe de secours doit démarrer au moins une fois par mois et tourner trente minutes avec une vraie charge. Le faire tourner à vide ne suffit pas : le moteur diesel s’encrasse et le gasoil vieillit dans le réservoir.</p>
<blockquote><p>Un carnet d’entretien tenu à jour est aussi le premier document que demandera l’assureur après un sinistre.</p></blockquote>`,
  },
  {
    title: 'Pompage solaire : une solution rentable pour l’irrigation au Togo',
    status: 'Publié',
    author: 'yawa.kpodar',
    daysAgo: 82,
    cover: 'solar',
    colour: '#0E9F9A',
    imageAlt: 'Panneau solaire et soleil sur fond vert',
    html: `<p>Avec un ensoleillement moyen de cinq à six kilowattheures par mètre carré et par jour, le Togo se prête particulièrement bien au pompage solaire. Pour les maraîchers et les coopératives, c’est la fin des achats de carburant et des pannes de motopompe en pleine saison.</p>
<h2>Comment ça marche ?</h2>
<p>Les panneaux alimentent directement la pompe par l’intermédiaire d’un régulateur. L’eau est pompée pendant les heures d’ensoleillement et stockée dans un château d’eau ou un bassin : c’est le réservoir, et non une batterie, qui assure l’arrosage du soir.</p>
<h2>Les données nécessaires au dimensionnement</h2>
<ul>
<li>le besoin en eau journalier, en mètres cubes ;</li>
<li>la profondeur du niveau d’eau et la hauteur du réservoir ;</li>
<li>le débit maximal que peut fournir le forage ou le puits.</li>
</ul>
<h2>Un investissement qui se rembourse</h2>
<p>Une installation solaire coûte plus cher à l’achat qu’une motopompe thermique, mais elle ne consomme rien et demande très peu d’entretien. Sur un usage quotidien, la différence est généralement amortie en deux à quatre saisons.</p>
<p>Nous réalisons l’étude complète : mesure du forage, choix de la pompe, nombre de panneaux et structure de support.</p>`,
  },
  {
    title: 'Compresseur à piston ou à vis : lequel choisir ?',
    status: 'Publié',
    author: 'yawa.kpodar',
    daysAgo: 70,
    cover: 'compressor',
    colour: '#1F6FB2',
    imageAlt: 'Compresseur d’air sur cuve bleue',
    html: `<p>L’air comprimé est souvent appelé la quatrième énergie de l’industrie. Il alimente les outils pneumatiques, les pistolets de peinture, les vérins des machines et le gonflage des pneus. Le choix du compresseur dépend surtout du temps pendant lequel il doit fonctionner.</p>
<h2>Le compresseur à piston</h2>
<p>Simple, robuste et abordable, il convient aux usages intermittents : garage, menuiserie, petit atelier. Il ne doit pas tourner plus de 60 % du temps ; au-delà, il chauffe et s’use rapidement.</p>
<h2>Le compresseur à vis</h2>
<p>Conçu pour fonctionner en continu, il fournit un débit régulier, avec moins de bruit et de vibrations. Plus cher à l’achat, il consomme moins d’énergie par mètre cube d’air produit et s’impose dès que l’air est utilisé toute la journée.</p>
<h2>Les bonnes questions à se poser</h2>
<ol>
<li>Quel débit consomment mes outils, additionnés, en litres par minute ?</li>
<li>Quelle pression est nécessaire : 7, 8 ou 10 bar ?</li>
<li>Combien d’heures par jour l’air est-il utilisé ?</li>
<li>Ai-je besoin d’un air sec, voire sans huile ?</li>
</ol>
<p>Dans les ateliers proches de la mer, un sécheur frigorifique évite que l’humidité de l’air ne corrode les réseaux et les outils.</p>`,
  },
  {
    title: 'Les équipements de protection indispensables sur un chantier',
    status: 'Publié',
    author: 'afi.mensah',
    daysAgo: 63,
    cover: 'helmet',
    colour: '#F05A1A',
    imageAlt: 'Casque de chantier orange',
    html: `<p>Sur un chantier de bâtiment ou de travaux publics, la plupart des accidents graves sont dus à des chutes, des chocs ou des projections. Les équipements de protection individuelle ne remplacent pas l’organisation du chantier, mais ils font souvent la différence entre un incident et un drame.</p>
<h2>La tenue de base</h2>
<ul>
<li><strong>le casque</strong>, contre les chutes d’objets et les chocs ;</li>
<li><strong>les chaussures de sécurité</strong> à embout renforcé et semelle anti-perforation ;</li>
<li><strong>le gilet haute visibilité</strong>, indispensable près des engins et sur la voie publique ;</li>
<li><strong>les gants</strong> adaptés à la tâche : manutention, coupure ou produits chimiques.</li>
</ul>
<h2>Les protections selon les travaux</h2>
<p>Lunettes ou écran facial pour le meulage et le burinage, protections auditives près des compresseurs et des marteaux-piqueurs, masque filtrant pour les poussières de ciment, harnais antichute au-delà de trois mètres de hauteur.</p>
<h2>Un équipement porté est un équipement adapté</h2>
<p>Un casque trop lourd ou un gilet trop chaud finit sur le tas de sable. Dans notre climat, privilégiez les casques ventilés, les gilets en maille respirante et les chaussures en cuir traité. Associez les équipes au choix : elles porteront plus volontiers ce qu’elles ont essayé.</p>`,
  },
  {
    title: 'Le port de Lomé, porte d’entrée des équipements de l’hinterland',
    status: 'Publié',
    author: 'komlan.agbodjan',
    daysAgo: 55,
    cover: 'container',
    colour: '#0E9F9A',
    imageAlt: 'Conteneurs maritimes empilés',
    html: `<p>Seul port en eau profonde de la côte ouest-africaine capable d’accueillir les plus grands porte-conteneurs sans dragage permanent, le port autonome de Lomé est aussi la porte d’entrée des pays sans littoral : Burkina Faso, Niger et Mali s’approvisionnent en partie par le corridor togolais.</p>
<h2>Ce que cela change pour nos clients</h2>
<p>Les équipements lourds, groupes électrogènes, compresseurs de chantier ou postes de soudage, arrivent en conteneur depuis l’Europe et l’Asie. Un entrepôt proche du port réduit les délais et les frais de manutention, et permet de livrer rapidement Lomé comme Ouagadougou.</p>
<h2>Les étapes d’une importation</h2>
<ol>
<li>commande au fabricant et réservation du fret maritime ;</li>
<li>transit et dédouanement à l’arrivée ;</li>
<li>contrôle de réception et mise en stock à notre entrepôt d’Agoè ;</li>
<li>préparation, essais et livraison par route vers le client.</li>
</ol>
<h2>Anticiper les délais</h2>
<p>Comptez en général six à dix semaines entre la commande d’une machine hors stock et sa livraison. Pour les projets importants, nous conseillons de planifier les équipements dès la phase d’étude, et de garder en stock les consommables critiques.</p>`,
  },
  {
    title: 'Forage et pompe immergée : les erreurs à éviter',
    status: 'Publié',
    author: 'yawa.kpodar',
    daysAgo: 44,
    cover: 'pump-submersible',
    colour: '#0E9F9A',
    imageAlt: 'Pompe immergée de forage',
    html: `<p>Une pompe immergée bien choisie peut fonctionner dix ans sans intervention. Mal choisie ou mal installée, elle grille en quelques mois. Voici les erreurs que nous rencontrons le plus souvent en intervention.</p>
<h2>Surdimensionner la pompe</h2>
<p>Une pompe qui aspire plus que ce que le forage peut fournir dénoie le forage et tourne à sec. Le moteur chauffe et les roues s’abîment. Le débit de la pompe doit rester inférieur au débit d’essai du forage.</p>
<h2>Oublier la protection contre la marche à sec</h2>
<p>Un coffret de commande avec sonde de niveau ou détection électronique coupe la pompe quand l’eau manque. C’est un petit investissement qui sauve la pompe.</p>
<h2>Négliger le câble et la tension</h2>
<ul>
<li>une section de câble trop faible provoque une chute de tension et fait chauffer le moteur ;</li>
<li>les variations du réseau imposent une protection contre les surtensions et les baisses de tension ;</li>
<li>les jonctions immergées doivent être réalisées avec des manchons étanches adaptés.</li>
</ul>
<h2>Installer la pompe au fond du forage</h2>
<p>Placée trop bas, la pompe aspire le sable et les sédiments. Laissez plusieurs mètres entre la crépine de la pompe et le fond, et protégez la pompe par une chemise de refroidissement si elle est placée sous les crépines du forage.</p>`,
  },
  {
    title: 'Sécurité électrique en atelier : les bons réflexes',
    status: 'Publié',
    author: 'afi.mensah',
    daysAgo: 36,
    cover: 'battery',
    colour: '#C81E1E',
    imageAlt: 'Batterie avec symbole électrique',
    html: `<p>Rallonges enroulées, prises surchargées, machines sans terre : l’électricité reste l’une des premières causes d’incendie dans les ateliers. Quelques règles simples réduisent fortement le risque.</p>
<h2>Une installation protégée</h2>
<ul>
<li>un disjoncteur différentiel 30 mA sur tous les circuits de prises ;</li>
<li>une prise de terre mesurée et vérifiée chaque année ;</li>
<li>un tableau fermé, étiqueté et accessible, sans stockage devant.</li>
</ul>
<h2>Des outils en bon état</h2>
<p>Un câble écrasé ou une fiche fendue se remplacent immédiatement. Les outils électroportatifs doivent être débranchés pour changer un disque ou une mèche, et rangés à l’abri de l’humidité.</p>
<h2>Les rallonges, un usage provisoire</h2>
<p>Une rallonge enroulée sur son touret chauffe dès qu’on y branche une machine puissante : déroulez-la entièrement. Et ne branchez jamais deux multiprises l’une dans l’autre.</p>
<h2>Former et afficher</h2>
<p>Chacun doit savoir où se trouve la coupure générale et comment réagir face à une personne électrisée : couper le courant avant de la toucher, puis appeler les secours. Affichez ces consignes près du tableau électrique.</p>`,
  },
  {
    title: 'Soudage à l’arc : bien choisir son poste inverter',
    status: 'Publié',
    author: null,
    daysAgo: 27,
    cover: 'welder',
    colour: '#6B3FA0',
    imageAlt: 'Poste à souder inverter violet',
    html: `<p>Légers et économes, les postes à souder inverter ont remplacé les anciens transformateurs dans la plupart des ateliers. Encore faut-il choisir un appareil adapté aux électrodes utilisées et au réseau disponible.</p>
<h2>L’intensité et le facteur de marche</h2>
<p>Une électrode de 2,5 mm demande environ 80 ampères, une électrode de 3,2 mm environ 120 ampères. Vérifiez surtout le facteur de marche : un poste annoncé à 200 A peut n’y tenir que quelques minutes avant de se mettre en sécurité.</p>
<h2>La compatibilité avec un groupe électrogène</h2>
<p>Sur les chantiers sans réseau, le poste est souvent alimenté par un groupe. Choisissez un appareil garanti compatible, et un groupe d’une puissance au moins double de celle absorbée par le poste.</p>
<h2>Les fonctions utiles</h2>
<ul>
<li><em>Hot Start</em> : facilite l’amorçage de l’arc ;</li>
<li><em>Arc Force</em> : évite que l’électrode ne se colle ;</li>
<li><em>anti-collage</em> : coupe le courant si l’électrode reste collée.</li>
</ul>
<h2>La protection du soudeur</h2>
<p>Masque à cristaux liquides, gants à manchette, veste en cuir ou en coton ignifugé et bonne ventilation sont indispensables. Les fumées de soudage sont nocives : travaillez à l’extérieur ou avec une aspiration.</p>`,
  },
  {
    title: 'Outillage électroportatif : filaire ou sans fil ?',
    status: 'Publié',
    author: 'afi.mensah',
    daysAgo: 18,
    cover: 'drill',
    colour: '#C81E1E',
    imageAlt: 'Perceuse rouge',
    html: `<p>Les outils sans fil ont fait d’énormes progrès : moteurs sans charbon, batteries lithium de grande capacité, chargeurs rapides. Faut-il pour autant abandonner les outils filaires ? Tout dépend de l’usage.</p>
<h2>Les atouts du sans-fil</h2>
<ul>
<li>liberté de mouvement sur les échafaudages et en toiture ;</li>
<li>aucun risque lié aux rallonges sur un chantier humide ;</li>
<li>travail possible avant le raccordement électrique du bâtiment.</li>
</ul>
<h2>Les atouts du filaire</h2>
<ul>
<li>puissance constante pour les gros travaux : carottage, meulage lourd, sciage ;</li>
<li>prix d’achat plus bas, sans batteries à remplacer après quelques années ;</li>
<li>pas de temps d’arrêt pour la recharge.</li>
</ul>
<h2>Notre conseil</h2>
<p>Pour une équipe de pose ou de maintenance, une gamme sans fil sur une même plateforme de batteries est très rentable. Pour l’atelier et les travaux lourds, la meuleuse de 230 mm et le perforateur filaires restent imbattables. La plupart de nos clients combinent les deux.</p>
<p>Dans tous les cas, protégez les batteries de la chaleur : ne les laissez pas en plein soleil sur le tableau de bord d’un véhicule.</p>`,
  },
  {
    title: 'Stocker les consommables : huiles, filtres et dates de péremption',
    status: 'Publié',
    author: 'komlan.agbodjan',
    daysAgo: 8,
    cover: 'drum',
    colour: '#1F6FB2',
    imageAlt: 'Fût d’huile bleu',
    html: `<p>Un groupe qui ne démarre pas faute de filtre, un chantier arrêté faute d’électrodes : la rupture de consommables coûte souvent plus cher que les consommables eux-mêmes. Un stock bien tenu évite ces arrêts, à condition de respecter quelques règles.</p>
<h2>Premier entré, premier sorti</h2>
<p>Les huiles, les liquides de refroidissement, les mastics et même les disques abrasifs ont une date limite d’utilisation. Rangez les nouveaux arrivages derrière les anciens et vérifiez les dates chaque mois.</p>
<h2>Des conditions de stockage adaptées</h2>
<ul>
<li>les fûts d’huile à l’abri du soleil et de la pluie, couchés ou bondes fermées ;</li>
<li>les électrodes au sec, dans leur emballage d’origine, voire en étuve ;</li>
<li>les batteries chargées, sur étagère, et rechargées tous les trois mois ;</li>
<li>les cartouches filtrantes dans leur emballage scellé jusqu’à l’usage.</li>
</ul>
<h2>Suivre son stock</h2>
<p>Notez chaque réception avec sa date de fabrication et sa date d’expiration, puis fixez un seuil de réapprovisionnement pour chaque article critique. Un simple tableau suffit pour commencer ; l’essentiel est qu’il soit tenu à jour.</p>`,
  },
  {
    title: 'Inverseur de source automatique : fonctionnement et installation',
    status: 'Brouillon',
    author: 'yawa.kpodar',
    daysAgo: 4,
    cover: 'generator',
    colour: '#1F6FB2',
    imageAlt: 'Groupe électrogène bleu',
    html: `<p>L’inverseur de source automatique surveille le réseau et bascule l’alimentation sur le groupe électrogène en cas de coupure, puis revient sur le réseau quand il est rétabli.</p>
<h2>Le principe</h2>
<p>Un automate mesure en permanence la tension du réseau. En cas d’absence, il démarre le groupe, attend que la tension et la fréquence soient stables, puis commute la charge.</p>
<h2>À compléter</h2>
<ul>
<li>schéma de raccordement type ;</li>
<li>temporisations conseillées ;</li>
<li>essais mensuels.</li>
</ul>`,
  },
  {
    title: 'Hybrider un groupe électrogène avec le solaire',
    status: 'Brouillon',
    author: 'afi.mensah',
    daysAgo: 2,
    cover: 'solar',
    colour: '#E3A008',
    imageAlt: 'Panneau solaire sur fond jaune',
    html: `<p>Sur les sites isolés, coupler des panneaux solaires et des batteries à un groupe électrogène permet de réduire fortement la consommation de gasoil.</p>
<h2>Le principe de l’hybridation</h2>
<p>Le solaire alimente la charge pendant la journée et recharge les batteries ; le groupe ne démarre que lorsque les batteries sont basses, et tourne alors à sa charge optimale.</p>
<h2>Les composants d’un système hybride</h2>
<ul>
<li>un champ de panneaux photovoltaïques ;</li>
<li>un parc de batteries lithium ou plomb-carbone ;</li>
<li>un onduleur-chargeur hybride qui pilote le démarrage du groupe.</li>
</ul>`,
  },
  {
    title: 'Promotion de fin d’année sur les compresseurs',
    status: 'Corbeille',
    author: 'afi.mensah',
    daysAgo: 130,
    cover: 'compressor',
    colour: '#C81E1E',
    imageAlt: 'Compresseur rouge',
    html: `<p>Jusqu’au 31 décembre, profitez de conditions spéciales sur toute la gamme de compresseurs à piston.</p>
<h2>Les modèles concernés</h2>
<ul>
<li>compresseurs 50 L et 100 L ;</li>
<li>compresseurs 270 L triphasés.</li>
</ul>
<p>Offre réservée aux professionnels, dans la limite des stocks disponibles.</p>`,
  },
];
