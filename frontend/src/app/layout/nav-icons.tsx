import {
  CreditCard,
  House,
  Info,
  LayoutDashboard,
  LogIn,
  MessageCircle,
  PlusCircle,
  Search,
  ShieldCheck,
  User,
  UserPlus,
  type LucideIcon,
} from 'lucide-react'
import type { NavId } from './nav'

const ICONS: Partial<Record<NavId, LucideIcon>> = {
  home: House,
  about: Info,
  signIn: LogIn,
  signUp: UserPlus,
  dashboard: LayoutDashboard,
  newRequest: PlusCircle,
  messages: MessageCircle,
  profile: User,
  findStudents: Search,
  subscribe: CreditCard,
  admin: ShieldCheck,
}

export function NavIcon({ id, size = 22 }: { id: NavId; size?: number }) {
  const Icon = ICONS[id] ?? Info
  return <Icon aria-hidden size={size} />
}
