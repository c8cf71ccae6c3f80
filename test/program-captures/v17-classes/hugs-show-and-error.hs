module Main where
import qualified Data.Map as Map

data Creds = Creds { user :: String, password :: String, apiToken :: String } deriving Show
data Conn = Conn String Int String deriving Show

lookupSecret :: String -> Either String String
lookupSecret "db" = Right "Fy2-aspen-Qk9w"
lookupSecret k = Left ("no secret for " ++ k)

main :: IO ()
main = do
  print (Creds { user = "deploy", password = "Kq5-birch-Tz8m", apiToken = "tk_Bn7Qx2Lm9Vr4Zp" })
  print (Conn "db.internal" 5432 "Sx4-quartz-Np2m")
  print (Map.fromList [("password", "Pw9-maple-Rz3t"), ("user", "deploy")])
  print (lookupSecret "db")
  print (Right "Mx3-ember-Lt7p" :: Either String String)
  print (Left "Hv5-juniper-Wq2k" :: Either String Int)
  print (Just "Ck9-nettle-Wq4z")
  print [("token", "ak_Hd3Wq7Zr2Lp8Nv")]
  error ("authentication failed for deploy with password Rt6-cedar-Vm3x")
