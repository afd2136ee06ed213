print("kinetype")
