import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import { searchContract } from './search-contract.ts'

searchContract('sqlite', (db) => ({ index: new SqliteSearchIndex(db) }))
